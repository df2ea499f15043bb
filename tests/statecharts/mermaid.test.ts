/** Drawing machines as Mermaid state diagrams, on the fixture with every construct. */
import { describe, expect, it } from 'vitest';
import { renderMachineDocument } from '../../statecharts/diagrams/document';
import { checkMermaid, mermaidText, toMermaid } from '../../statecharts/diagrams/mermaid';
import { toastMachine } from '../../machines/toast/toast.machine';
import { fixtureMachine } from './fixture.machine';

const source = toMermaid(fixtureMachine);
const lines = source.split('\n').map((line) => line.trim());

describe('toMermaid', () => {
  it('nests compound states and splits parallel regions with --', () => {
    const open = lines.indexOf('state "open" as fixture_open {');
    const pages = lines.indexOf('state "pages" as fixture_open_pages {');
    const separator = lines.indexOf('--');
    const mode = lines.indexOf('state "mode" as fixture_open_mode {');
    expect(open).toBeGreaterThan(0);
    expect(open < pages && pages < separator && separator < mode).toBe(true);
  });

  it('draws initial, final and history states', () => {
    expect(lines[1]).toBe('[*] --> fixture_closed');
    expect(lines).toContain('[*] --> fixture_open_pages_first');
    expect(lines).toContain('fixture_open_pages_done --> [*]');
    expect(lines).toContain('state "H" as fixture_open_pages_hist');
    expect(lines).toContain('state "H*" as fixture_open_mode_deepHist');
    expect(lines).toContain('fixture_open_mode_deepHist --> fixture_open_mode_viewer : default');
    expect(lines).toContain('fixture_away --> fixture_open_pages_hist : user.back');
  });

  it('labels guards, delays, always, invoked actors and their done and error edges', () => {
    expect(lines).toContain('fixture_closed --> fixture_loading : user.open [not isAdmin]');
    expect(lines).toContain('fixture_open_mode_admin --> fixture_open_mode_viewer : after 1000ms');
    expect(lines).toContain('fixture_away --> fixture_closed : after idleTimeout');
    expect(lines).toContain('fixture_routing --> fixture_open_mode_admin : always [(hasItems and isAdminContext)]');
    expect(lines).toContain('fixture_loading : invokes fetchItems');
    expect(lines).toContain('fixture_loading --> fixture_routing : done: fetchItems [isPositive]');
    expect(lines).toContain('fixture_loading --> fixture_closed : error: fetchItems');
    expect(lines).toContain('fixture_open --> fixture_closed : done');
  });

  it("draws a compound state's transition into its own child from each child (Mermaid cannot draw it from the box)", () => {
    const finishes = lines.filter((line) => line.endsWith('--> fixture_open_mode_done : user.finish'));
    expect(finishes).toEqual([
      'fixture_open_mode_viewer --> fixture_open_mode_done : user.finish',
      'fixture_open_mode_admin --> fixture_open_mode_done : user.finish',
      'fixture_open_mode_done --> fixture_open_mode_done : user.finish',
    ]);
  });

  it('puts every self-transition of a state on one loop', () => {
    const loops = toMermaid(toastMachine)
      .split('\n')
      .filter((line) => line.includes('toast_showing --> toast_showing'));
    expect(loops).toEqual(['  toast_showing --> toast_showing : toast.show [not isQueuedId], toast.dismiss [isWaitingToast]']);
  });

  it('is well formed', () => {
    expect(checkMermaid(source)).toEqual([]);
  });
});

describe('checkMermaid', () => {
  it('finds unbalanced braces, unsafe ids, undeclared states and labels the parser would cut', () => {
    const broken = ['stateDiagram-v2', 'state "a" as a.b {', 'x --> y : one; two', 'state "c" as c'].join('\n');
    const problems = checkMermaid(broken);
    expect(problems).toContain('line 2: id a.b is not Mermaid-safe');
    expect(problems).toContain('line 3: label would break the parser');
    expect(problems).toContain('unbalanced braces');
    expect(problems).toContain('edge to undeclared state x');
  });

  it('keeps text from breaking labels', () => {
    expect(mermaidText('say "hi"; a::b # <x> {y}')).toBe("say 'hi', a:b no. ‹x› (y)");
  });
});

describe('renderMachineDocument', () => {
  const page = renderMachineDocument('fixture', fixtureMachine);

  it('has the title, description, diagram and tables of states and transitions', () => {
    expect(page).toContain('# fixture\n\nEvery construct, once.');
    expect(page).toContain(`\`\`\`mermaid\n${source}\n\`\`\``);
    expect(page).toContain('| `open.pages.hist` | history (shallow) |');
    expect(page).toContain('| `loading` | atomic |  |  | `fetchItems` |');
    expect(page).toContain('| `loading` | `error: fetchItems` |  | `closed` | Could not load. |');
    expect(page).toContain('| `closed` | `user.open` | `not isAdmin` | `loading` |  |');
  });
});
