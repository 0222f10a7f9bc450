// How long the organiser's texts in the catalog may be — events, ticket options, shops, shop items and their
// translations — the same in the dashboard's forms, the BFF and catalog.

/** The name of an event, a ticket option, a shop or a shop item, in any locale. */
export const CATALOG_NAME_MAX_LENGTH = 100;
/** Their descriptions, in any locale. */
export const CATALOG_DESCRIPTION_MAX_LENGTH = 5000;
/** An event's location. */
export const LOCATION_LIMITS = { address: 200, city: 100, postalCode: 20 } as const;
