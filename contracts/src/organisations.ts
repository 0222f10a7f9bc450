// The bounds of an organisation's settings and of the people in it, the same in the dashboard's forms and in identity.

/** A person's display name (sign-up, profile) and a member's given and family names: at most 100 characters each. */
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const MEMBER_NAME_MAX_LENGTH = DISPLAY_NAME_MAX_LENGTH;
export const ORGANISATION_NAME_MAX_LENGTH = 100;
export const ORGANISATION_DESCRIPTION_MAX_LENGTH = 1000;
