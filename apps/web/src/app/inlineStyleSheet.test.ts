import { describe, expect, it } from 'vitest';
import { dropDependency, inlineStyleSheet } from './inlineStyleSheet';

describe('inlineStyleSheet', () => {
  const html =
    '<head>\n<script type="module" crossorigin src="/assets/app-1.js"></script>\n' +
    '<link rel="stylesheet" crossorigin href="/assets/app-2.css"></head>';

  it('puts the sheet in a style element where its link was, and names the file', () => {
    const read: string[] = [];
    const out = inlineStyleSheet(html, (file) => {
      read.push(file);
      return ':root{--a:1}a{color:red}';
    });
    expect(read).toEqual(['assets/app-2.css']);
    expect(out).toEqual({
      html:
        '<head>\n<script type="module" crossorigin src="/assets/app-1.js"></script>\n' +
        '<style>:root{--a:1}a{color:red}</style></head>',
      file: 'assets/app-2.css',
    });
  });

  it('keeps "$" sequences in the sheet as they are', () => {
    expect(inlineStyleSheet(html, () => "a::after{content:'$&$1'}")?.html).toContain(
      "<style>a::after{content:'$&$1'}</style>",
    );
  });

  it('leaves a page without a style sheet alone', () => {
    expect(inlineStyleSheet('<head></head>', () => '')).toBeUndefined();
  });

  it('refuses a sheet that would end the element early', () => {
    expect(() => inlineStyleSheet(html, () => 'a{}</style><script>')).toThrow(/<\/style/);
  });
});

describe('dropDependency', () => {
  const chunk =
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/app.css","assets/b.js","assets/b.css"])))=>i.map(i=>d[i]);\n' +
    'x(()=>import("./a.js"),__vite__mapDeps([0,1]));y(()=>import("./b.js"),__vite__mapDeps([2,1,3,0]));';

  it('takes the file out of the list and out of every call, the later indices one down', () => {
    expect(dropDependency(chunk, 'assets/app.css')).toBe(
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/b.js","assets/b.css"])))=>i.map(i=>d[i]);\n' +
        'x(()=>import("./a.js"),__vite__mapDeps([0]));y(()=>import("./b.js"),__vite__mapDeps([1,2,0]));',
    );
  });

  it('leaves a chunk that does not list the file, or lists nothing, as it is', () => {
    expect(dropDependency(chunk, 'assets/other.css')).toBe(chunk);
    expect(dropDependency('export const a = 1;', 'assets/app.css')).toBe('export const a = 1;');
  });
});
