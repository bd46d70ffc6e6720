/**
 * Runs in the page: numbers the actionable elements (links, buttons, inputs, selects, text areas,
 * ARIA widgets), open shadow roots included, and collects the visible text. Each element gets a
 * `data-warden-n` attribute `<read>:<n>`, so a number from an older read is refused. Password
 * values are never read. Kept as a string so the page evaluates it without a bundler's helpers.
 */
export const SNAPSHOT_SCRIPT = `(read) => {
  const out = [];
  const selector = 'a[href], button, input, select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=tab], [role=menuitem], [contenteditable=""], [contenteditable=true], [onclick]';
  const visible = (el) => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const roots = [document];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) { roots.push(el.shadowRoot); walk(el.shadowRoot); }
  };
  walk(document);
  let n = 0;
  for (const root of roots) {
    for (const el of root.querySelectorAll(selector)) {
      if (!visible(el) || el.disabled) continue;
      if (el.tagName === 'INPUT' && el.type === 'hidden') continue;
      n += 1;
      el.setAttribute('data-warden-n', read + ':' + n);
      const tag = el.tagName.toLowerCase();
      const role = el.getAttribute('role') || (tag === 'a' ? 'link' : tag === 'select' ? 'select' : tag === 'textarea' ? 'textbox' : tag === 'input' ? (['checkbox', 'radio', 'submit', 'button'].includes(el.type) ? el.type : 'textbox') : tag);
      const label = el.labels && el.labels[0] ? el.labels[0].innerText : '';
      const name = (el.getAttribute('aria-label') || label || el.innerText || el.getAttribute('placeholder') || el.getAttribute('name') || el.getAttribute('title') || el.value || '').replace(/\\s+/g, ' ').trim().slice(0, 120);
      const item = { n, role, name };
      if (tag === 'input' && el.type === 'password') item.value = el.value ? '(filled, not shown)' : '(empty)';
      else if (tag === 'input' && (el.type === 'checkbox' || el.type === 'radio')) item.value = el.checked ? 'checked' : 'unchecked';
      else if (tag === 'input' || tag === 'textarea') item.value = String(el.value).slice(0, 200);
      if (tag === 'select') { item.value = el.value; item.options = [...el.options].map((o) => o.value === o.text ? o.text : o.value + '=' + o.text).slice(0, 50); }
      if (tag === 'a') item.href = el.href;
      out.push(item);
    }
  }
  const text = (document.body ? document.body.innerText : '').replace(/\\n{3,}/g, '\\n\\n').trim();
  return { title: document.title, url: location.href, elements: out, text };
}`;

export interface SnapshotElement {
  n: number;
  role: string;
  name: string;
  value?: string;
  options?: string[];
  href?: string;
}

export interface PageSnapshot {
  title: string;
  url: string;
  elements: SnapshotElement[];
  text: string;
}

/** The snapshot as the model reads it. */
export function renderSnapshot(snapshot: PageSnapshot, maxChars: number, notes: readonly string[]): string {
  const lines = snapshot.elements.map((e) => {
    const value = e.value !== undefined ? ` value="${e.value}"` : '';
    const options = e.options ? ` options=[${e.options.join(', ')}]` : '';
    const href = e.href ? ` → ${e.href}` : '';
    return `[${e.n}] ${e.role} "${e.name}"${value}${options}${href}`;
  });
  const text = snapshot.text.length > maxChars ? `${snapshot.text.slice(0, maxChars)}\n[cut at ${maxChars} characters]` : snapshot.text;
  const noted = notes.length > 0 ? `Notes:\n${notes.map((n) => `- ${n}`).join('\n')}\n\n` : '';
  return `${noted}Page: ${snapshot.title || '(no title)'}\nURL: ${snapshot.url}\n\nElements (act on them by number):\n${lines.join('\n') || '(none)'}\n\nText:\n${text}`;
}
