// Sharing an invite link: the device's own share sheet where there is one
// (phones, mostly), else the clipboard, so that one button serves both.
import { h } from "./dom";
import type { Catalog } from "./strings";

export function shareButton(s: Catalog, link: string, game: string): HTMLElement {
  const said = h("span", { class: "share-said", role: "status" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      said.textContent = s.t("table.link_copied");
    } catch {
      // No clipboard for this page (an insecure origin, a refusal): the link
      // is selected in its field, to copy by hand.
      const field = said.closest(".invite")?.querySelector<HTMLInputElement>(".invite-link");
      field?.focus();
      field?.select();
      said.textContent = s.t("table.copy_by_hand");
    }
  };
  const share = async () => {
    said.textContent = "";
    const data = { title: game, text: s.t("table.share_text", { game }), url: link };
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      try {
        return await navigator.share(data);
      } catch (e) {
        // The person closed the share sheet: nothing to do.
        if (e instanceof DOMException && e.name === "AbortError") return;
      }
    }
    await copy();
  };
  return h(
    "span",
    { class: "share" },
    h("button", { type: "button", class: "primary", "data-action": "share", onclick: () => void share() }, s.t("table.share")),
    said,
  );
}
