"use strict";
(function () {
  function key(row, index) {
    var cell = row.cells[index];
    var value = cell.getAttribute("data-v");
    if (value === null) { value = cell.textContent.trim(); }
    var number = parseFloat(value);
    return isNaN(number) ? value.toLowerCase() : number;
  }
  function compare(a, b) {
    if (typeof a !== typeof b) { return typeof a === "number" ? -1 : 1; }
    return a < b ? -1 : a > b ? 1 : 0;
  }
  function sort(head) {
    var table = head.closest("table");
    var body = table.tBodies[0];
    var index = Array.prototype.indexOf.call(head.parentNode.children, head);
    var up = head.getAttribute("aria-sort") !== "ascending";
    table.querySelectorAll("thead th").forEach(function (th) { th.removeAttribute("aria-sort"); });
    head.setAttribute("aria-sort", up ? "ascending" : "descending");
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var order = compare(key(a, index), key(b, index));
      return up ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }
  document.querySelectorAll("table.sortable thead th button").forEach(function (button) {
    button.addEventListener("click", function () { sort(button.parentNode); });
  });
  function stepper(table) {
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    var shown = rows.length;
    var bar = document.createElement("p");
    bar.className = "steps";
    var label = document.createElement("span");
    label.setAttribute("aria-live", "polite");
    function show(count) {
      shown = Math.max(0, Math.min(rows.length, count));
      rows.forEach(function (row, index) { row.hidden = index >= shown; });
      label.textContent = shown === rows.length ? "All tricks" : "Tricks 1–" + shown + " of " + rows.length;
      if (shown === 0) { label.textContent = "Before the lead"; }
    }
    [["«", "First trick", function () { show(1); }], ["‹", "One trick back", function () { show(shown - 1); }],
     ["›", "One trick on", function () { show(shown + 1); }], ["»", "Every trick", function () { show(rows.length); }]]
      .forEach(function (spec) {
        var button = document.createElement("button");
        button.type = "button";
        button.textContent = spec[0];
        button.setAttribute("aria-label", spec[1]);
        button.addEventListener("click", spec[2]);
        bar.appendChild(button);
      });
    bar.appendChild(label);
    table.parentNode.insertBefore(bar, table.nextSibling);
    show(rows.length);
  }
  document.querySelectorAll("table.tricks").forEach(stepper);
})();
