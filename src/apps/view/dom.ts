// Building DOM from hostile platform text: text is only ever set with textContent.
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: unknown, ...kids: Node[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  for (const k of kids) e.append(k);
  return e;
}

export function button(label: string, onClick: (b: HTMLButtonElement) => void | Promise<void>): HTMLButtonElement {
  const b = el('button', 'btn', label);
  b.type = 'button';
  b.addEventListener('click', () => {
    b.disabled = true;
    void Promise.resolve(onClick(b)).finally(() => { b.disabled = false; });
  });
  return b;
}

export function duration(seconds: unknown): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '';
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${s}s`;
}

export const badge = (status: unknown) => el('span', `badge s-${String(status).replace(/[^a-z_]/g, '')}`, status);

/** A status line under the view for the answer of an act (done, or the refusal's words). */
export function say(root: HTMLElement, text: string, bad = false): void {
  let line = root.querySelector<HTMLElement>('.say');
  if (!line) { line = el('p', 'say'); root.append(line); }
  line.textContent = text;
  line.classList.toggle('bad', bad);
}
