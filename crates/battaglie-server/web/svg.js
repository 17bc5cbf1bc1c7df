// @ts-check
// Making SVG elements.

export const SVG = "http://www.w3.org/2000/svg";
/** The side of a square in board units. */
export const CELL = 56;

/**
 * @param {string} name
 * @param {Record<string, string | number>} [attrs]
 * @param {Element | null} [parent]
 * @returns {SVGElement}
 */
export function el(name, attrs = {}, parent = null) {
  const e = /** @type {SVGElement} */ (document.createElementNS(SVG, name));
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}
