// A few lines of DOM building, so that views read as the page they make.
type Child = Node | string | null | undefined | false;
type Props = Record<string, string | number | boolean | EventListener | undefined>;

function declarations(style: string): [string, string][] {
  return style
    .split(";")
    .map((d) => d.split(/:(.*)/s, 2).map((part) => part.trim()) as [string, string])
    .filter(([property, value]) => property && value);
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") element.addEventListener(name.replace(/^on/, "").toLowerCase(), value);
    else if (name === "class") element.className = String(value);
    // Through the CSSOM: the page's CSP refuses style attributes.
    else if (name === "style") for (const [property, v] of declarations(String(value))) element.style.setProperty(property, v);
    else if (name in element && typeof value !== "string") (element as unknown as Record<string, unknown>)[name] = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

export function clear(element: Element, ...children: Child[]): void {
  element.replaceChildren(...children.filter((c): c is Node | string => Boolean(c)));
}
