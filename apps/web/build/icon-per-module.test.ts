import { describe, expect, it } from 'vitest';
import { mdiMenu, mdiPlus } from '@mdi/js';
import { ICON_MODULE, iconImports, iconModule } from './icon-per-module';

describe('one module per Material Design icon', () => {
  it("turns an import of several icons into one default import each, keeping a renamed icon's local name", () => {
    const code = "import Icon from '@mdi/react';\nimport { mdiMenu, mdiPlus as add } from '@mdi/js';\nexport const a = [mdiMenu, add];\n";
    const rewritten = iconImports(code);
    expect(rewritten).not.toContain("'@mdi/js'");
    expect(rewritten).toContain(`import mdiMenu from '${ICON_MODULE}mdiMenu';`);
    expect(rewritten).toContain(`import add from '${ICON_MODULE}mdiPlus';`);
    expect(rewritten).toContain("import Icon from '@mdi/react';");
  });

  it('handles an import spread over several lines', () => {
    const rewritten = iconImports("import {\n  mdiMenu,\n  mdiPlus,\n} from '@mdi/js';");
    expect(rewritten).toBe(`import mdiMenu from '${ICON_MODULE}mdiMenu'; import mdiPlus from '${ICON_MODULE}mdiPlus';`);
  });

  it("gives each icon's module the path the package exports, and names an unknown icon", () => {
    expect(iconModule('mdiMenu')).toBe(`export default ${JSON.stringify(mdiMenu)};`);
    expect(iconModule('mdiPlus')).toBe(`export default ${JSON.stringify(mdiPlus)};`);
    expect(() => iconModule('mdiNoSuchIcon')).toThrow('@mdi/js has no icon named mdiNoSuchIcon');
  });
});
