// Draws a kbench report from the page model in #kbench-data. Everything the page shows is decided by
// kbench (io.kbench.report); this script only lays it out and hands each chart to uPlot. It loads
// nothing: the data, uPlot and the styles are all in this file.
(function () {
  "use strict";

  // Okabe-Ito colours (told apart by most colour-blind readers), each with its own dash pattern too.
  var COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"];
  var DASHES = [[], [10, 4], [2, 3], [12, 4, 2, 4], [6, 6], [1, 6]];
  var DASH_NAMES = ["solid", "dashed", "dotted", "dash-dot", "long dash", "sparse dots"];
  var BORDER_STYLES = ["solid", "dashed", "dotted", "double", "dashed", "dotted"];
  // The phases' shades, then (index 4) the features' spans: an operation while it ran.
  var SHADES = ["rgba(120,120,120,0.18)", "rgba(0,114,178,0.12)", "rgba(213,94,0,0.12)", "rgba(0,158,115,0.12)",
    "rgba(230,159,0,0.16)"];

  var charts = [];

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  function colour(style) { return COLOURS[style % COLOURS.length]; }
  function dash(style) { return DASHES[style % DASHES.length]; }

  function axisTitle(axis) { return axis.unit ? axis.label + " (" + axis.unit + ")" : axis.label; }

  function number(v) {
    if (v == null) return "—";
    var a = Math.abs(v);
    var digits = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : 3;
    return v.toLocaleString("en-US", { maximumFractionDigits: digits });
  }

  function renderTable(spec, parent) {
    var box = el("div", "table");
    box.appendChild(el("h4", null, spec.title));
    var scroll = el("div", "scroll");
    var table = el("table");
    var head = el("tr");
    spec.header.forEach(function (h) { head.appendChild(el("th", null, h)); });
    var thead = el("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    var body = el("tbody");
    spec.rows.forEach(function (row) {
      var tr = el("tr");
      row.forEach(function (cell, i) {
        var td = el(i === 0 ? "th" : "td");
        if (cell !== null && typeof cell === "object") {
          td.textContent = cell.t;
          if (cell.c) td.className = cell.c;
        } else {
          td.textContent = cell;
        }
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    table.appendChild(body);
    scroll.appendChild(table);
    box.appendChild(scroll);
    if (spec.note) box.appendChild(el("p", "note", spec.note));
    parent.appendChild(box);
  }

  function renderCharts(list, parent) {
    var grid = el("div", "grid");
    list.forEach(function (spec) {
      var box = el("figure", "chart");
      box.appendChild(el("figcaption", null, spec.title));
      var plot = el("div", "plot");
      box.appendChild(plot);
      if (spec.note) box.appendChild(el("p", "note", spec.note));
      grid.appendChild(box);
      charts.push({ spec: spec, target: plot });
    });
    parent.appendChild(grid);
  }

  function renderSection(section, parent, level) {
    var box;
    var body;
    if (section.folded) {
      box = el("details", "section");
      box.appendChild(el("summary", null, section.title));
      body = box;
    } else {
      box = el("section", "section level" + level);
      box.appendChild(el("h" + Math.min(level + 1, 6), null, section.title));
      body = box;
    }
    section.blocks.forEach(function (b) {
      if (b.type === "text") body.appendChild(el("p", null, b.text));
      else if (b.type === "warning") body.appendChild(el("p", "warning", b.text));
      else if (b.type === "table") renderTable(b.table, body);
      else if (b.type === "charts") renderCharts(b.charts, body);
      else if (b.type === "section") renderSection(b.section, body, level + 1);
    });
    parent.appendChild(box);
  }

  // ---- spec -> uPlot options (configuration only: uPlot draws) ----

  function options(spec, width) {
    var x = spec.x;
    var lines = spec.series.filter(function (s) { return s.kind === "line" || s.kind === "bars"; }).length;
    var fewPoints = x.values.length <= 30;
    var xScale = { time: false };
    if (x.scale === "log") { xScale.distr = 3; }
    if (x.scale === "ordinal") { xScale.distr = 2; }
    if (x.pad) { xScale.range = padded(x.scale); }
    var yScale = { auto: true };
    if (spec.y.scale === "log") { yScale.distr = 3; }
    else {
      yScale.range = function (u, min, max) {
        var lo = Math.min(0, min == null ? 0 : min);
        var hi = max == null || max <= lo ? lo + 1 : max * 1.05;
        return [lo, hi];
      };
    }
    var series = [{ label: axisTitle(x), value: function (u, v) { return tickLabel(x, v); } }];
    spec.series.forEach(function (s) {
      var label = s.label;
      if (s.kind === "line") {
        if (lines > 1) label += " [" + DASH_NAMES[s.style % DASH_NAMES.length] + "]";
        series.push({ label: label, stroke: colour(s.style), width: 2, dash: dash(s.style), spanGaps: true,
          points: { show: fewPoints, size: 6 }, value: function (u, v) { return number(v); } });
      } else if (s.kind === "bars") {
        series.push({ label: label, stroke: colour(s.style), fill: colour(s.style) + "99", width: 1,
          paths: uPlot.paths.bars({ size: [0.6, 60] }), points: { show: false }, value: function (u, v) { return number(v); } });
      } else if (s.kind === "errors") {
        var lo = s.lo;
        var hi = s.values;
        series.push({ label: s.label, stroke: colour(s.style), fill: colour(s.style), width: 0,
          paths: uPlot.paths.bars({ size: [0.05, 3, 2],
            disp: { y0: { unit: 1, values: function () { return lo; } }, y1: { unit: 1, values: function () { return hi; } } } }),
          points: { show: false },
          value: function (u, v, si, i) { return i == null || lo[i] == null ? "—" : number(lo[i]) + " … " + number(hi[i]); } });
      } else if (s.kind === "shade") {
        series.push({ label: s.label, scale: "shade", fill: SHADES[s.style % SHADES.length], stroke: "rgba(0,0,0,0)", width: 0,
          spanGaps: false, points: { show: false }, value: function (u, v) { return v == null ? "" : "shaded"; } });
      } else if (s.kind === "marker") {
        series.push({ label: s.label, scale: "shade", stroke: "#B00020", fill: "#B00020", width: 0,
          paths: uPlot.paths.bars({ size: [1, 3, 3] }), points: { show: false },
          value: function (u, v) { return v == null ? "" : "fault"; } });
      }
    });
    var xAxis = { label: axisTitle(x), labelSize: 30, size: 40 };
    if (x.ticks) {
      // Only as many labelled ticks as fit side by side (e.g. 100 workers: every 15th), so labels never overlap.
      var longest = (x.tickLabels || []).reduce(function (m, l) { return Math.max(m, String(l).length); }, 4);
      var fit = Math.max(2, Math.floor((width - 90) / (longest * 7 + 14)));
      var every = Math.max(1, Math.ceil(x.ticks.length / fit));
      var ticks = x.ticks.filter(function (t, i) { return i % every === 0; });
      xAxis.splits = function () { return ticks; };
      xAxis.values = function (u, splits) { return splits.map(function (v) { return tickLabel(x, v); }); };
    }
    var yAxis = { label: axisTitle(spec.y), labelSize: 30, size: 70,
      values: function (u, splits) { return splits.map(number); } };
    return {
      width: width,
      height: 300,
      scales: { x: xScale, y: yScale, shade: { range: [0, 1] } },
      series: series,
      axes: [xAxis, yAxis],
      legend: { markers: { dash: function (u, i) { return BORDER_STYLES[((spec.series[i - 1] || {}).style || 0) % BORDER_STYLES.length]; } } }
    };
  }

  // Room beyond the ends of the x axis, so the first and last bars (and error bars) show whole.
  function padded(scale) {
    return function (u, min, max) {
      if (min == null || max == null) return [0, 1];
      if (scale === "ordinal") return [min - 0.5, max + 0.5];
      if (scale === "log") return [min / 1.25, max * 1.25];
      var pad = max > min ? (max - min) * 0.05 : Math.abs(max || 1) * 0.05;
      return [min - pad, max + pad];
    };
  }

  function tickLabel(x, v) {
    if (v == null) return "—";
    if (x.ticks && x.tickLabels) {
      for (var i = 0; i < x.ticks.length; i++) {
        if (Math.abs(x.ticks[i] - v) < 1e-9) return x.tickLabels[i];
      }
      if (x.scale === "nines") return "p" + (100 * (1 - Math.pow(10, -v))).toPrecision(6).replace(/\.?0+$/, "");
      if (x.scale === "ordinal") return x.tickLabels[Math.round(v)] || String(v);
    }
    return number(v);
  }

  function draw(chart) {
    var spec = chart.spec;
    var data = [spec.x.values];
    spec.series.forEach(function (s) { data.push(s.values); });
    var width = Math.max(320, Math.floor(chart.target.clientWidth || 600));
    try {
      chart.plot = new uPlot(options(spec, width), data, chart.target);
    } catch (e) {
      chart.target.appendChild(el("p", "warning", "This chart could not be drawn: " + e.message));
      console.error("chart '" + spec.title + "': " + e.message);
    }
  }

  function render() {
    var page = JSON.parse(document.getElementById("kbench-data").textContent);
    var root = document.getElementById("report");
    root.appendChild(el("h1", null, page.title));
    root.appendChild(el("p", "meta", "Written by " + page.tool + " at " + page.generated
      + ". Self-contained: it loads nothing from the network. MB = 1,048,576 bytes; latencies in ms."));
    var inputs = el("details", "inputs");
    inputs.appendChild(el("summary", null, "Result files (" + page.inputs.length + ")"));
    var list = el("ul");
    page.inputs.forEach(function (f) { list.appendChild(el("li", null, f)); });
    inputs.appendChild(list);
    root.appendChild(inputs);
    page.sections.forEach(function (s) { renderSection(s, root, 1); });
    charts.forEach(draw);
    var drawn = charts.filter(function (c) { return c.plot; }).length;
    document.body.setAttribute("data-charts", String(charts.length));
    document.body.setAttribute("data-charts-drawn", String(drawn));
    // Charts in a folded section were drawn at the smallest width: fit them when it opens, and on resize.
    function fit() {
      charts.forEach(function (c) {
        var width = Math.floor(c.target.clientWidth || 0);
        if (c.plot && width > 0 && Math.abs(width - c.plot.width) > 2) c.plot.setSize({ width: Math.max(320, width), height: 300 });
      });
    }
    window.addEventListener("resize", fit);
    document.querySelectorAll("details").forEach(function (d) { d.addEventListener("toggle", fit); });
  }

  render();
})();
