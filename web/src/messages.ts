// Every UI string, per locale, one JSON file per area of the product (messages/<locale>/<area>.json).
// An area adds its file to both locales here; a unit test keeps the two locales' keys identical.
import enAccount from '../messages/en/account.json';
import enAuth from '../messages/en/auth.json';
import enDashboard from '../messages/en/dashboard.json';
import enCore from '../messages/en/core.json';
import nlAccount from '../messages/nl/account.json';
import nlAuth from '../messages/nl/auth.json';
import nlDashboard from '../messages/nl/dashboard.json';
import nlCore from '../messages/nl/core.json';
import enUi from '../messages/en/ui.json';
import nlUi from '../messages/nl/ui.json';
import enSite from '../messages/en/site.json';
import enMarketing from '../messages/en/marketing.json';
import enLegal from '../messages/en/legal.json';
import nlSite from '../messages/nl/site.json';
import nlMarketing from '../messages/nl/marketing.json';
import nlLegal from '../messages/nl/legal.json';
import enSocial from '../messages/en/social.json';
import nlSocial from '../messages/nl/social.json';
import enOrganisations from '../messages/en/organisations.json';
import nlOrganisations from '../messages/nl/organisations.json';
import enEvents from '../messages/en/events.json';
import nlEvents from '../messages/nl/events.json';
import enShops from '../messages/en/shops.json';
import nlShops from '../messages/nl/shops.json';
import enShop from '../messages/en/shop.json';
import nlShop from '../messages/nl/shop.json';
import enCheckout from '../messages/en/checkout.json';
import nlCheckout from '../messages/nl/checkout.json';
import enOrders from '../messages/en/orders.json';
import nlOrders from '../messages/nl/orders.json';
import enTickets from '../messages/en/tickets.json';
import nlTickets from '../messages/nl/tickets.json';
import enScanner from '../messages/en/scanner.json';
import nlScanner from '../messages/nl/scanner.json';

export const messages = {
  en: {
    ...enCore,
    ...enAuth,
    ...enAccount,
    ...enDashboard,
    ...enUi,
    ...enSite,
    ...enSocial,
    ...enMarketing,
    ...enLegal,
    ...enEvents,
    ...enOrganisations,
    ...enShop,
    ...enShops,
    ...enCheckout,
    ...enOrders,
    ...enTickets,
    ...enScanner,
  },
  nl: {
    ...nlCore,
    ...nlAuth,
    ...nlAccount,
    ...nlDashboard,
    ...nlUi,
    ...nlSite,
    ...nlSocial,
    ...nlMarketing,
    ...nlLegal,
    ...nlEvents,
    ...nlOrganisations,
    ...nlShop,
    ...nlShops,
    ...nlCheckout,
    ...nlOrders,
    ...nlTickets,
    ...nlScanner,
  },
} as const;

export type Messages = (typeof messages)['en'];
export type MessageLocale = keyof typeof messages;
