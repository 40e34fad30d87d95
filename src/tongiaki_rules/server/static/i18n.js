// The players' language of the browser client (issue 31): the words come from the server's
// catalogs (GET /api/i18n), chosen by the language selector (kept in localStorage) or else by
// the browser's Accept-Language. English is the source: a message the catalog lacks stays
// English. Messages are whole sentences with named placeholders: _("Join seat {seat}", {seat}).

const STORE = "tongiaki:language";
let chosen = null;
let catalog = {};
let language = "en";

/** The language the player chose in the selector (null: the browser's). */
export function storedLanguage() {
  try {
    return localStorage.getItem(STORE);
  } catch {
    return null;
  }
}

/** The language the page speaks now: "en", "de", "fr" or "it". */
export function currentLanguage() {
  return language;
}

function fill(text, values) {
  return text.replace(/\{([a-z_]+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

/** A message in the page's language, its {placeholders} filled from values. */
export function _(msgid, values = {}) {
  const text = catalog[msgid];
  return fill(typeof text === "string" ? text : msgid, values);
}

/** A message with a count: singular or plural as the language counts ({count} is filled). */
export function ngettext(singular, plural, count, values = {}) {
  const forms = catalog[singular];
  const one = language === "fr" ? count <= 1 : count === 1;
  const text = Array.isArray(forms) ? forms[one ? 0 : forms.length - 1] : one ? singular : plural;
  return fill(text, { count, ...values });
}

/** Loads the catalog, translates the page's marked texts and fills the language selector. */
export async function loadLanguage() {
  chosen = storedLanguage();
  const query = chosen ? `?lang=${encodeURIComponent(chosen)}` : "";
  try {
    const answer = await fetch(`/api/i18n${query}`, { headers: { Accept: "application/json" } });
    if (answer.ok) {
      const data = await answer.json();
      catalog = data.messages ?? {};
      language = data.language ?? "en";
      fillSelector(data.languages ?? {});
    }
  } catch {
    catalog = {};
    language = "en";
  }
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-i18n]")) {
    node.dataset.i18n = node.dataset.i18n || node.textContent.trim();
    node.textContent = _(node.dataset.i18n);
  }
  for (const attr of ["placeholder", "aria-label", "title"]) {
    for (const node of document.querySelectorAll(`[data-i18n-${attr}]`)) {
      node.setAttribute(attr, _(node.getAttribute(`data-i18n-${attr}`)));
    }
  }
  return language;
}

function fillSelector(languages) {
  const select = document.getElementById("language");
  if (!select) return;
  select.replaceChildren();
  for (const [code, name] of Object.entries(languages)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    select.append(option);
  }
  select.value = language;
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(STORE, select.value);
    } catch {
      // a browser without storage keeps the choice for this page only
    }
    location.reload();
  });
}
