/** Adds a stylesheet once (CSS ships as text inside the JS chunks, so remotes carry their own). */
export function injectCss(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(`css-${id}`)) return;
  const el = document.createElement('style');
  el.id = `css-${id}`;
  el.textContent = css;
  document.head.appendChild(el);
}
