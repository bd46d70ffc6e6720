import { INTERFACE_VERSIONS, type JsonObject, type ToolOutput, type ToolV1 } from '@warden/protocol';
import type { BrowserSession } from './browser-session.js';
import { captureScreen } from './capture-screen.js';
import { webError } from './coded-errors.js';
import { UNTRUSTED_NOTE, webAnnotations } from './tool-effects.js';

const ACTIONS = ['screenshot', 'click', 'double_click', 'right_click', 'move', 'drag', 'type', 'key', 'scroll', 'wait'] as const;
type Action = (typeof ACTIONS)[number];

/** Keys the `key` action accepts (Playwright's names), so the model cannot press arbitrary chords. */
const KEY = /^((Control|Shift|Alt|Meta)\+)*([A-Za-z0-9]|Enter|Tab|Escape|Backspace|Delete|Space|Home|End|PageUp|PageDown|Arrow(Up|Down|Left|Right)|F([1-9]|1[0-2]))$/;

function point(args: JsonObject, x: string, y: string, size: { width: number; height: number }): { x: number; y: number } {
  const px = args[x];
  const py = args[y];
  if (typeof px !== 'number' || typeof py !== 'number') throw webError('web.browser_action_failed', `${x} and ${y} are needed`);
  // Coordinates are checked against the screen: nothing outside the visible page is clicked.
  if (px < 0 || py < 0 || px >= size.width || py >= size.height) throw webError('web.browser_action_failed', `(${px}, ${py}) is outside the ${size.width}×${size.height} screen`);
  return { x: px, y: py };
}

/**
 * The `computer` tool on the browser's page: screenshot, click, double and right click, move, drag,
 * type, key, scroll and wait by screen coordinates (checked against the viewport). Every action
 * answers with a fresh screenshot; the same address policy applies to whatever a click opens.
 */
export function computerTool(session: BrowserSession): ToolV1 {
  return {
    specificationVersion: INTERFACE_VERSIONS.tool,
    name: 'computer',
    description: 'Use the browser page like a screen: screenshot, click/double_click/right_click/move at x,y, drag from x,y to to_x,to_y, type text, press a key, scroll, wait. Answers with a screenshot (untrusted content).',
    inputSchema: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: [...ACTIONS] },
        x: { type: 'number' },
        y: { type: 'number' },
        to_x: { type: 'number' },
        to_y: { type: 'number' },
        text: { type: 'string', maxLength: 10_000 },
        key: { type: 'string', description: 'A key such as Enter, Tab, Escape, ArrowDown, Control+A.' },
        direction: { type: 'string', enum: ['up', 'down', 'left', 'right'] },
        ms: { type: 'integer', minimum: 0, maximum: 10_000 },
      },
      required: ['action'],
      additionalProperties: false,
    },
    annotations: webAnnotations('egress', { readOnly: false, tags: ['web', 'browser', 'computer'] }),
    timeoutMs: session.timeoutMs * 3,
    async execute(args: JsonObject): Promise<ToolOutput> {
      const action = args.action as Action;
      const page = await session.tab();
      const size = page.viewportSize() ?? { width: 1280, height: 720 };
      switch (action) {
        case 'screenshot':
          break;
        case 'click':
        case 'double_click':
        case 'right_click': {
          const at = point(args, 'x', 'y', size);
          await page.mouse.click(at.x, at.y, { button: action === 'right_click' ? 'right' : 'left', clickCount: action === 'double_click' ? 2 : 1 });
          break;
        }
        case 'move': {
          const at = point(args, 'x', 'y', size);
          await page.mouse.move(at.x, at.y);
          break;
        }
        case 'drag': {
          const from = point(args, 'x', 'y', size);
          const to = point(args, 'to_x', 'to_y', size);
          await page.mouse.move(from.x, from.y);
          await page.mouse.down();
          await page.mouse.move(to.x, to.y, { steps: 8 });
          await page.mouse.up();
          break;
        }
        case 'type':
          await page.keyboard.type(String(args.text ?? ''));
          break;
        case 'key': {
          const key = String(args.key ?? '');
          if (!KEY.test(key)) throw webError('web.browser_action_failed', `"${key.slice(0, 40)}" is not a key this tool presses`);
          await page.keyboard.press(key);
          break;
        }
        case 'scroll': {
          const d = args.direction;
          await page.mouse.wheel(d === 'left' ? -600 : d === 'right' ? 600 : 0, d === 'up' ? -600 : d === 'down' ? 600 : 0);
          break;
        }
        case 'wait':
          await page.waitForTimeout(typeof args.ms === 'number' ? args.ms : 500);
          break;
        default:
          throw webError('web.browser_action_failed', `unknown action ${String(action)}`);
      }
      await page.waitForLoadState('domcontentloaded', { timeout: session.timeoutMs }).catch(() => undefined);
      // The page may have changed: element numbers from an earlier read are no longer trusted.
      session.current = -1;
      const current = await session.tab();
      const png = await captureScreen(current, session.timeoutMs);
      const notes = session.takeNotes();
      // Typed text is not echoed back: it may be a password.
      const done = action === 'type' ? 'typed the text' : action === 'key' ? `pressed ${String(args.key)}` : action;
      return [
        { type: 'text', text: `${UNTRUSTED_NOTE}\n${done} on ${current.url()} (screen ${size.width}×${size.height})${notes.length > 0 ? `\nNotes: ${notes.join('; ')}` : ''}` },
        { type: 'image', mediaType: 'image/png', data: png.toString('base64') },
      ];
    },
  };
}
