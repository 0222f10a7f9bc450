/** Escapes text for the few HTML answers the BFF writes by hand (the invalid-page 404, the social sign-in popup). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
