// Failure classes named by the fifteenth held-aside run, each shown on a synthetic page of its shape.
import { describe, expect, it } from 'vitest';
import { extractPage } from './syntheticExtraction.ts';

const lastNames = (r: { fields: { authors?: { last_name: string }[] } }) => r.fields.authors?.map((a) => a.last_name);

describe('the body after the names', () => {
  it('takes no name from a heading set under the paragraph that follows the author', async () => {
    const r = await extractPage([
      { text: 'Farbige Mathematik', x: 44, y: 321, size: 14.3 },
      { text: 'Herbert Voß', x: 44, y: 295, size: 12 },
      { text: 'Die Zahl der Veröffentlichungen, die als PDF allgemein zur Verfügung ge-', x: 59, y: 270, size: 9 },
      { text: 'stellt werden, nimmt stetig zu. Da diese sehr häufig mit dem Acrobat Rea-', x: 59, y: 259, size: 9 },
      { text: 'der online betrachtet und gelesen werden, spielt die farbliche Darstellung', x: 59, y: 248, size: 9 },
      { text: 'eine nicht unbedeutende Rolle. Im folgenden soll daher gezeigt werden, wie', x: 59, y: 237, size: 9 },
      { text: 'Das Prinzip', x: 44, y: 180, size: 12 },
      { text: 'Grundsätzlich wird nichts weiter als das allgemein bekannte Paket color', x: 44, y: 160, size: 10 },
      { text: 'benötigt. Dieses stellt die vordefinierten Farben black, red, green, blue,', x: 44, y: 148, size: 10 },
      { text: 'Partielles Einfärben', x: 44, y: 95, size: 12 },
      { text: 'Für das Färben einzelner Wörter existiert das Makro textcolor, welches', x: 44, y: 75, size: 10 },
    ]);
    expect(r.fields.title).toBe('Farbige Mathematik');
    expect(lastNames(r)).toEqual(['Voß']);
  });
});
