/** Loads a module named at run time (a route's own body rules, a generated proto module), which `import` cannot. */
export function requireModule<T>(path: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path) as T;
}
