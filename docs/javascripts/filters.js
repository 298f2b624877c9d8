// durak-conformance: filters for the rules matrix (tables marked data-filters="rules").
// Rows carry data-differs, data-group and data-kinds; the controls only hide rows, so the
// page reads the same without this script.
(function () {
  "use strict";

  function control(label, element) {
    var wrap = document.createElement("label");
    wrap.appendChild(document.createTextNode(label + " "));
    wrap.appendChild(element);
    return wrap;
  }

  function select(name, choices) {
    var element = document.createElement("select");
    element.name = name;
    choices.forEach(function (choice) {
      var option = document.createElement("option");
      option.value = choice[0];
      option.textContent = choice[1];
      element.appendChild(option);
    });
    return element;
  }

  function attach(table) {
    if (table.dataset.filtersReady) return;
    table.dataset.filtersReady = "yes";
    var box = document.createElement("form");
    box.className = "dc-filters";
    box.setAttribute("aria-label", "filter the rules");
    var differs = document.createElement("input");
    differs.type = "checkbox";
    differs.name = "differs";
    var group = select("group", [
      ["", "all rules"],
      ["play", "play rules"],
      ["table", "table, timing and other rules"],
    ]);
    var kind = select("kind", [
      ["", "any provenance"],
      ["ambiguous", "ambiguous somewhere"],
      ["assumed", "assumed somewhere"],
      ["stated", "stated somewhere"],
    ]);
    var text = document.createElement("input");
    text.type = "search";
    text.name = "name";
    text.placeholder = "rule name or meaning";
    var count = document.createElement("span");
    count.className = "dc-muted dc-filter-count";
    var differLabel = document.createElement("label");
    differLabel.appendChild(differs);
    differLabel.appendChild(document.createTextNode(" only rules where the documents differ"));
    box.appendChild(differLabel);
    box.appendChild(control("show", group));
    box.appendChild(control("provenance", kind));
    box.appendChild(control("find", text));
    box.appendChild(count);
    box.addEventListener("submit", function (event) { event.preventDefault(); });

    function apply() {
      var needle = text.value.trim().toLowerCase();
      var shown = 0;
      var rows = table.querySelectorAll("tbody tr.dc-row");
      rows.forEach(function (row) {
        var ok = (!differs.checked || row.dataset.differs === "yes")
          && (!group.value || row.dataset.group === group.value)
          && (!kind.value || (" " + row.dataset.kinds + " ").indexOf(" " + kind.value + " ") >= 0)
          && (!needle || row.querySelector("th").textContent.toLowerCase().indexOf(needle) >= 0);
        row.classList.toggle("dc-hidden", !ok);
        if (ok) shown += 1;
      });
      table.querySelectorAll("tbody tr.dc-group").forEach(function (head) {
        var any = table.querySelector(
          'tbody tr.dc-row[data-group="' + head.dataset.group + '"]:not(.dc-hidden)');
        head.classList.toggle("dc-hidden", !any);
      });
      count.textContent = shown + " of " + rows.length + " rules shown";
    }
    [differs, group, kind].forEach(function (el) { el.addEventListener("change", apply); });
    text.addEventListener("input", apply);
    var scroller = table.closest(".dc-scroll") || table;
    scroller.parentNode.insertBefore(box, scroller);
    apply();
  }

  function init() {
    document.querySelectorAll('table[data-filters="rules"]').forEach(attach);
    document.querySelectorAll(".dc-filters-note").forEach(function (note) { note.remove(); });
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(init); // Material's instant navigation
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
