// Every end-to-end test fails on an uncaught error in a page it opened: a hydration mismatch (React's #418) or a
// render that threw shows nothing a test would look for, and the page may still work on the client's second render.
import { takePageErrors } from '@kassa/testing/browser';

beforeEach(() => {
  takePageErrors();
});

afterEach(() => {
  expect(takePageErrors()).toEqual([]);
});
