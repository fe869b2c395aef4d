import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Room for boot stages in the chunk groups; main.tsx has six today. */
const MAX_STAGES = 12;

/** V8's per-file compile hint (WICG explicit-javascript-compile-hints-file-based). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts V8's compile hint on a boot stage's chunk, as its first line (where V8 looks for it), after
 * minification (which would drop it): nearly every function in these chunks runs while the page
 * boots, and Chromium otherwise compiles each one lazily, on the main thread, at its first call;
 * with the hint it compiles them all on the thread that streams the file in (docs/scaling.md has
 * the measurements). Other browsers ignore the comment. Route pages' chunks keep the default: a
 * hint on every chunk measured no better. The source map moves down a line with the code. File
 * names were hashed before this hook, so they do not change with the (constant) hint.
 */
function addCompileHint(chunk: OutputChunk, bundle: OutputBundle): void {
  chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
  const map = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
  if (map?.type !== 'asset') return;
  const json = JSON.parse(String(map.source)) as { mappings: string };
  map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
}

/** Only import and re-export statements (and directives): a barrel such as MUI's `Button/index.mjs`. */
const BARREL_STATEMENT =
  /(?:import|export)\s+(?:type\s+)?(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\}|[\w$]+(?:\s*,\s*(?:\{[^}]*\}|\*\s*as\s+[\w$]+))?)\s*from\s*(['"])[^'"]*\1|export\s*\{[^}]*\}|(['"])use (?:client|strict)\2|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const isBarrel = (code: string): boolean => /^[\s;]*$/.test(code.replace(BARREL_STATEMENT, ''));

/**
 * Chunks the app's boot stages (the dynamic imports of `entry`, src/app/boot/main.tsx) one chunk per
 * stage, instead of Rolldown's split by importer sets: 36 chunks, most under 2 KB gzipped, each a
 * request, a modulepreload link, a compile and a response task of its own. Measured in Chromium
 * on this 2-core host, those per-chunk costs were a third of the main thread's work after the
 * first paint of a public page.
 *
 * A module goes to the first stage whose static imports reach it, so each stage's chunk holds what
 * that stage evaluates and staging is unchanged. Barrels are not walked through: a stage importing
 * one name from `@cryptovest/common` or an MUI index must not capture every module behind it;
 * Rolldown adds what is really used (tree-shaken) as the captured modules' dependencies. What
 * main.tsx imports statically gets a `boot` chunk, so the entry pulls in no stage; the others are
 * `boot-<stage module>`. Route pages keep Rolldown's own splitting. Returns the plugin and the
 * `codeSplitting.groups` it fills; the plugin applies to client builds only, so in the server
 * build no group matches anything. `lazyOnly` names modules no stage captures (nor walks through):
 * a package entry that is not a pure barrel would otherwise pull code only route pages use into
 * a stage's chunk, which every page then downloads first.
 */
export function bootStageChunks(entry: string, { lazyOnly }: { lazyOnly?: RegExp } = {}) {
  /** Stage of each module main.tsx reaches: 0 for its static imports, then 1, 2, ... in import order. */
  const stageOf = new Map<string, number>();
  const stageNames = ['boot'];
  const plugin: Plugin = {
    name: 'cryptovest:boot-stage-chunks',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    // A watch rebuild starts from scratch.
    buildStart() {
      stageOf.clear();
      stageNames.length = 1;
    },
    buildEnd(error) {
      if (error) return;
      const main = this.getModuleInfo(entry);
      if (!main) throw new Error(`boot-stage-chunks: ${entry} is not in the build`);
      const assign = (root: string, stage: number) => {
        const pending = [root];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (stageOf.has(id) || lazyOnly?.test(id)) continue;
          stageOf.set(id, stage);
          const info = this.getModuleInfo(id);
          if (info?.code && isBarrel(info.code)) continue;
          pending.push(...(info?.importedIds ?? []));
        }
      };
      main.importedIds.forEach((id) => assign(id, 0));
      const stages = main.dynamicallyImportedIds;
      if (stages.length >= MAX_STAGES) throw new Error(`boot-stage-chunks: raise MAX_STAGES above ${stages.length}`);
      stages.forEach((root, index) => {
        stageNames.push(`boot-${path.basename(root).replace(/\.[^.]*$/, '')}`);
        assign(root, index + 1);
      });
    },
    // A chunk of the entry or of a stage that imports, even through other chunks, a later stage's
    // would evaluate that stage early, all at once: fail the build. Each stage's chunk then gets
    // the compile hint.
    // Ordered last: Vite's own generateBundle puts its preload helper (`__vite__mapDeps`) on the
    // first line of a chunk whose dynamic imports carry CSS, and the hint must stay first.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map(
          Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])),
        );
        const stageOfChunk = (file: string) => {
          const chunk = chunks.get(file);
          const stage = chunk && !chunk.isEntry ? stageNames.indexOf(chunk.name) : -1;
          return stage >= 0 ? stage : undefined;
        };
        for (const chunk of chunks.values()) {
          const own = chunk.isEntry ? 0 : stageOfChunk(chunk.fileName);
          if (own === undefined) continue;
          const seen = new Set<string>();
          const pending = [...chunk.imports];
          for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
            if (seen.has(file)) continue;
            seen.add(file);
            if ((stageOfChunk(file) ?? -1) > own)
              this.error(`boot-stage-chunks: ${chunk.fileName} imports ${file}, a later stage's chunk`);
            pending.push(...(chunks.get(file)?.imports ?? []));
          }
          addCompileHint(chunk, bundle);
        }
      },
    },
  };
  // Earlier stages first (higher priority), so a later stage never captures an earlier one's modules.
  const groups = Array.from({ length: MAX_STAGES }, (_, stage) => ({
    name: () => stageNames[stage] ?? null,
    priority: MAX_STAGES - stage,
    test: (id: string) => stageOf.get(id) === stage,
  }));
  return { plugin, groups };
}
