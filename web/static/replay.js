// The replay viewer's keys: ← → step, Home/End jump; the buttons are plain links, so the page
// works without this script too.
(function () {
  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "end" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var id = keys[event.key];
    if (!id) return;
    var link = document.getElementById(id);
    if (!link || link.classList.contains("off")) return;
    event.preventDefault();
    window.location.replace(link.href);
  });
})();
