// The catalog's filters: an engine sees the rows the build marked visible
// to it (data-engines: the engines whose manual_read returns that file, by
// audience, allow-set and cascade); the tool filter keeps the manuals that
// require a tool ("-": those that require none).
export function initFilters(table, engine, tool, count, empty) {
  if (!table || !engine || !tool || !table.tBodies.length) {
    return;
  }
  const rows = Array.from(table.tBodies[0].rows);
  const apply = () => {
    const e = engine.value;
    const t = tool.value;
    let shown = 0;
    for (const row of rows) {
      const engines = (row.getAttribute("data-engines") || "").split(" ").filter(Boolean);
      const tools = (row.getAttribute("data-tools") || "").split(" ").filter(Boolean);
      const visible = (!e || engines.includes(e)) && (!t || (t === "-" ? tools.length === 0 : tools.includes(t)));
      row.hidden = !visible;
      if (visible) {
        shown++;
      }
    }
    if (count) {
      count.textContent = shown === 1 ? "1 manual" : shown + " manuals";
    }
    if (empty) {
      empty.hidden = shown !== 0;
    }
  };
  engine.addEventListener("change", apply);
  tool.addEventListener("change", apply);
  apply();
}
