// The bounds of the public site's forms (waitlist, contact): the screens give instant feedback with them, the BFF
// checks them before asking notifications, and notifications, the authority, checks them once more.

export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
