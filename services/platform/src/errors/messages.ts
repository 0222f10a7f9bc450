// The specification's wording lives with the other rules the browser shares (@kassa/contracts/messages).
export { messages } from '@kassa/contracts/messages';
