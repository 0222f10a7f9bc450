/** Inline styles shared by the e-mail templates (mail clients ignore style sheets). */
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const emailStyles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: font, margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '520px', padding: '32px' },
  heading: { color: '#18181b', fontSize: '22px', fontWeight: 600, margin: '0 0 16px' },
  text: { color: '#3f3f46', fontSize: '15px', lineHeight: '24px', margin: '0 0 12px' },
  quote: { backgroundColor: '#f4f4f5', borderRadius: '6px', margin: '20px 0', padding: '16px' },
  quoteLabel: { color: '#71717a', fontSize: '13px', margin: '0 0 4px' },
  muted: { color: '#71717a', fontSize: '13px', lineHeight: '20px', margin: '16px 0 0' },
  rule: { borderColor: '#e4e4e7', margin: '24px 0 16px' },
  footer: { color: '#71717a', fontSize: '12px', textDecoration: 'none' },
  /** A value under a quoteLabel (an order number, an amount). */
  summaryValue: { color: '#18181b', fontSize: '15px', fontWeight: 600, margin: '0 0 8px' },
  /** The one call to action, centred, and its button. */
  buttonSection: { margin: '24px 0', textAlign: 'center' as const },
  button: {
    backgroundColor: '#18181b',
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
};
