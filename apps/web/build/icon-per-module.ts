// A build plugin of the app (vite.config.ts): each Material Design icon a module of its own, so that a
// page's chunk carries the icons it draws. `@mdi/js` is one module of 7 000 icons, tree-shaken to
// those used anywhere; as one module it lands in one chunk, which the first page loaded for the six
// icons of its shell together with every other page's (9 kB of its 200 kB budget; docs/performance.md,
// "The first page"). `import { mdiA, mdiB } from '@mdi/js'` becomes one default import per icon.
import type { Plugin } from 'vite';
import * as materialDesignIcons from '@mdi/js';

/** Where an icon's module is resolved: a virtual module, `\0` so that no other plugin takes it. */
export const ICON_MODULE = '\0mdi-icon:';

export function iconPerModule(): Plugin {
  return {
    name: 'simforge-icon-per-module',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.tsx?$/.test(id) || !code.includes("'@mdi/js'")) return null;
      return { code: iconImports(code), map: null };
    },
    resolveId: (id) => (id.startsWith(ICON_MODULE) ? id : null),
    load(id) {
      if (!id.startsWith(ICON_MODULE)) return null;
      return iconModule(id.slice(ICON_MODULE.length));
    },
  };
}

/** A module's `import { … } from '@mdi/js';` statements as one default import per icon. */
export function iconImports(code: string): string {
  return code.replace(/import\s*\{([^}]*)\}\s*from\s*'@mdi\/js';/g, (_, names: string) =>
    names
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => {
        const [icon, local = icon] = name.split(/\s+as\s+/);
        return `import ${local} from '${ICON_MODULE}${icon}';`;
      })
      .join(' '),
  );
}

/** The source of an icon's module: its SVG path as the default export. */
export function iconModule(icon: string): string {
  const path = (materialDesignIcons as Record<string, string | undefined>)[icon];
  if (path === undefined) throw new Error(`@mdi/js has no icon named ${icon}`);
  return `export default ${JSON.stringify(path)};`;
}
