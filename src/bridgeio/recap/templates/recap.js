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
})();
