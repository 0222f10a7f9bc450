#!/usr/bin/env node
// Bundles one service into services/<name>/dist/{main,migrate}.js for its container image.
//
//   node scripts/build/bundle-service.mjs <name> [--outdir <dir>] [--service-dir <dir>]
//
// Workspace packages (@kassa/*) ship TypeScript source, so they are compiled into the bundle;
// every npm dependency stays external and is installed in the image with `npm install --omit=dev`,
// because native and dynamic-require-heavy packages (pg, MikroORM, OpenTelemetry, pino) do not
// bundle reliably. An import that is neither a workspace package, a Node built-in, nor declared in
// the dependencies of the service or of a workspace package it uses fails the build: in the image it
// would be missing at run time.
import console from 'node:console';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const workspaceScope = '@kassa/';
const entryPoints = { main: 'src/main.ts', migrate: 'src/persistence/migrate.ts' };

function usage(message) {
  if (message) console.error(`bundle-service: ${message}`);
  console.error('usage: node scripts/build/bundle-service.mjs <name> [--outdir <dir>] [--service-dir <dir>]');
  process.exit(2);
}

function parseArguments(argv) {
  const options = { name: undefined, outdir: undefined, serviceDir: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i];
    if (argument === '--outdir' || argument === '--service-dir') {
      const value = argv[i + 1];
      if (!value) usage(`${argument} needs a value`);
      options[argument === '--outdir' ? 'outdir' : 'serviceDir'] = path.resolve(value);
      i += 1;
    } else if (argument.startsWith('-')) {
      usage(`unknown option ${argument}`);
    } else if (options.name === undefined) {
      options.name = argument;
    } else {
      usage(`unexpected argument ${argument}`);
    }
  }
  if (!options.name || !/^[a-z][a-z0-9-]*$/.test(options.name)) usage('a service name like "identity" is required');
  options.serviceDir ??= path.join(repoRoot, 'services', options.name);
  options.outdir ??= path.join(options.serviceDir, 'dist');
  return options;
}

// esbuild is not a root dependency: it comes with tsx, which the repository already uses to run TypeScript.
function loadEsbuild() {
  const rootRequire = createRequire(path.join(repoRoot, 'package.json'));
  const tsxManifest = rootRequire.resolve('tsx/package.json');
  return createRequire(tsxManifest)('esbuild');
}

function readManifest(directory) {
  return JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8'));
}

function runtimeDependencyNames(manifest) {
  return [manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies].flatMap((group) =>
    Object.keys(group ?? {}),
  );
}

// The package directory `name` resolves to from `fromDirectory`, following Node's node_modules lookup.
function findPackageDirectory(fromDirectory, name) {
  for (let directory = fromDirectory; ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(directory) === directory) return undefined;
  }
}

// The service and every workspace package it reaches, with the npm dependencies each declares.
function collectDeclaredDependencies(serviceDir) {
  const declared = new Set();
  const visited = new Set(); // package directories read: the service and its workspace packages
  const pending = [realpathSync(serviceDir)];
  while (pending.length > 0) {
    const directory = pending.pop();
    if (visited.has(directory)) continue;
    visited.add(directory);
    for (const name of runtimeDependencyNames(readManifest(directory))) {
      if (name.startsWith(workspaceScope)) {
        const workspaceDir = findPackageDirectory(directory, name);
        if (!workspaceDir)
          throw new Error(`${name} (a dependency of ${directory}) is not installed; run npm install first`);
        pending.push(workspaceDir);
      } else {
        declared.add(name);
      }
    }
  }
  return { declared, packages: [...visited] };
}

function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const builtins = new Set(builtinModules);

function externalDependenciesPlugin(serviceDir, { declared, packages }) {
  const serviceRealDir = realpathSync(serviceDir);
  return {
    name: 'kassa-external-dependencies',
    setup(build) {
      // Bare specifiers only: relative and absolute paths are the package's own files.
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith(workspaceScope)) return undefined; // compiled into the bundle
        if (args.path.startsWith('node:') || builtins.has(args.path) || builtins.has(packageNameOf(args.path))) {
          return { path: args.path, external: true };
        }
        const name = packageNameOf(args.path);
        if (!declared.has(name)) {
          const manifests = packages.map((directory) => path.relative(repoRoot, path.join(directory, 'package.json')));
          return {
            errors: [{ text: `"${name}" is imported but is a dependency in none of: ${manifests.join(', ')}` }],
          };
        }
        // The bundle resolves externals from the service's folder. A workspace package that has its own
        // nested copy of a dependency would silently get another version at run time: refuse that.
        const fromImporter = findPackageDirectory(args.resolveDir, name);
        const fromService = findPackageDirectory(serviceRealDir, name);
        if (fromImporter && fromService && fromImporter !== fromService) {
          return {
            errors: [
              {
                text: `"${name}" resolves to ${fromImporter} for ${args.importer} but to ${fromService} for the service; align the versions`,
              },
            ],
          };
        }
        return { path: args.path, external: true };
      });
    },
  };
}

async function bundleService({ name, serviceDir, outdir }) {
  if (!existsSync(path.join(serviceDir, 'package.json'))) throw new Error(`no package.json in ${serviceDir}`);
  for (const entry of Object.values(entryPoints)) {
    if (!existsSync(path.join(serviceDir, entry))) throw new Error(`${name}: ${entry} is missing in ${serviceDir}`);
  }
  const esbuild = loadEsbuild();
  const dependencies = collectDeclaredDependencies(serviceDir);
  const result = await esbuild.build({
    absWorkingDir: serviceDir,
    entryPoints: Object.fromEntries(
      Object.entries(entryPoints).map(([out, entry]) => [out, path.join(serviceDir, entry)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    jsx: 'automatic',
    sourcemap: true,
    sourcesContent: true, // stack traces stay readable in the image, which has no sources
    keepNames: true, // error and class names survive into logs
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [externalDependenciesPlugin(serviceDir, dependencies)],
  });
  const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
  console.log(
    `bundle-service: ${name} -> ${outputs.map((file) => path.relative(process.cwd(), path.resolve(serviceDir, file))).join(', ')}`,
  );
  return result;
}

const options = parseArguments(process.argv.slice(2));
try {
  await bundleService(options);
} catch (error) {
  // esbuild has already printed its own errors; add one line that names the service.
  console.error(
    `bundle-service: ${options.name} failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
  );
  process.exit(1);
}
