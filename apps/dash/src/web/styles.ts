/** The dashboard's one stylesheet, served from /assets/dash.css (the CSP allows no inline style). */
export const DASH_CSS = `
:root{--fg:#1d2330;--muted:#5d6677;--line:#dde2ea;--bg:#f6f7f9;--ok:#1a7f37;--bad:#c62828;--warn:#a15c00;--accent:#2b59c3}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header.top{display:flex;gap:18px;align-items:center;padding:10px 22px;background:#1d2330;color:#fff}
header.top a{color:#dfe6f5;text-decoration:none}
header.top a.brand{font-weight:700;color:#fff;margin-right:8px}
header.top .spacer{flex:1}
header.top form{margin:0}
header.top button{background:none;border:1px solid #5d6677;color:#dfe6f5;border-radius:4px;padding:3px 10px;cursor:pointer}
nav.tabs{display:flex;gap:4px;padding:0 22px;background:#fff;border-bottom:1px solid var(--line)}
nav.tabs a{padding:10px 12px;color:var(--muted);text-decoration:none;border-bottom:2px solid transparent}
nav.tabs a.on{color:var(--fg);border-color:var(--accent)}
main{padding:18px 22px;max-width:1200px}
h1{font-size:20px;margin:0 0 12px}
h2{font-size:16px;margin:22px 0 8px}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid var(--line)}
th,td{text-align:left;padding:6px 9px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-weight:600;color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.03em}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
a{color:var(--accent)}
code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;background:#eef1f6;padding:1px 4px;border-radius:3px}
.badge{display:inline-block;padding:1px 7px;border-radius:10px;font-size:12px;font-weight:600;background:#eef1f6}
.badge.passed,.badge.ok{background:#dcf3e3;color:var(--ok)}
.badge.failed,.badge.error{background:#fbe1e1;color:var(--bad)}
.badge.flaky{background:#fff0d6;color:var(--warn)}
.badge.skipped{background:#eef1f6;color:var(--muted)}
.muted{color:var(--muted)}
.card{background:#fff;border:1px solid var(--line);border-radius:6px;padding:16px 18px;margin:0 0 16px}
.narrow{max-width:420px;margin:60px auto}
form.stack label{display:block;margin:0 0 12px;font-weight:600}
form.stack input,form.stack select{display:block;width:100%;margin-top:4px;padding:7px 9px;border:1px solid var(--line);border-radius:4px;font:inherit}
form.inline{display:flex;flex-wrap:wrap;gap:10px;align-items:end;margin:0 0 14px}
form.inline label{font-size:12px;color:var(--muted);display:flex;flex-direction:column;gap:3px}
form.inline input,form.inline select{padding:5px 7px;border:1px solid var(--line);border-radius:4px;font:inherit}
button,.button{background:var(--accent);color:#fff;border:0;border-radius:4px;padding:7px 14px;font:inherit;cursor:pointer;text-decoration:none;display:inline-block}
button.danger{background:var(--bad)}
.flash{padding:10px 14px;border-radius:4px;margin:0 0 14px;background:#e8f0fe;border:1px solid #c5d6f7}
.flash.error{background:#fdecea;border-color:#f5c2c0}
.secret{font:13px ui-monospace,monospace;word-break:break-all;background:#fff8e1;border:1px dashed var(--warn);padding:8px 10px;display:block}
.stats{display:flex;gap:14px;flex-wrap:wrap;margin:0 0 14px}
.stats div{background:#fff;border:1px solid var(--line);border-radius:6px;padding:8px 14px;min-width:110px}
.stats b{display:block;font-size:20px}
iframe.report{width:100%;height:78vh;border:1px solid var(--line);border-radius:6px;background:#fff}
svg.chart{background:#fff;border:1px solid var(--line);border-radius:6px;max-width:100%}
svg.chart text{font:11px system-ui,sans-serif;fill:#5d6677}
.legend span{margin-right:14px;font-size:12px}
.legend i{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px;vertical-align:middle}
.badge.deny,.badge.denied,.badge.refused{background:#fbe1e1;color:var(--bad)}
.badge.ask,.badge.pending,.badge.approval,.badge.parked{background:#fff0d6;color:var(--warn)}
.badge.allow,.badge.approved,.badge.end_turn,.badge.done,.badge.completed{background:#dcf3e3;color:var(--ok)}
.step{background:#fff;border:1px solid var(--line);border-radius:6px;padding:10px 14px;margin:0 0 10px}
.step .call{border-left:3px solid var(--line);padding:4px 10px;margin:6px 0}
.step .call.deny{border-color:var(--bad)}.step .call.ask{border-color:var(--warn)}
.step dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;margin:4px 0;font-size:12px}
.step dt{color:var(--muted)}.step dd{margin:0}
pre.text{white-space:pre-wrap;word-break:break-word;margin:4px 0;font:12px ui-monospace,monospace}
.sw0{background:#2b59c3}.sw1{background:#c62828}.sw2{background:#1a7f37}.sw3{background:#a15c00}
`;
