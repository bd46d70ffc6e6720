/** Inline CSS of report.html (no external resources). */
export const REPORT_CSS = `
:root{--ok:#1a7f37;--bad:#cf222e;--warn:#9a6700;--mute:#57606a;--line:#d0d7de;--bg:#f6f8fa}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1f2328;background:#fff}
header{padding:16px 24px;border-bottom:1px solid var(--line);background:var(--bg)}h1{margin:0 0 6px;font-size:20px}
main{padding:12px 24px 40px}code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.verdict{display:inline-block;padding:2px 10px;border-radius:12px;color:#fff;font-weight:600}.verdict.ok{background:var(--ok)}.verdict.bad{background:var(--bad)}
.counts{display:flex;gap:16px;flex-wrap:wrap;margin-top:8px}.counts div{background:#fff;border:1px solid var(--line);border-radius:6px;padding:6px 12px}
.counts b{display:block;font-size:18px}.meta{color:var(--mute)}
.filters{position:sticky;top:0;background:#fff;padding:8px 0;border-bottom:1px solid var(--line);display:flex;gap:16px;align-items:center;z-index:1}
article{border:1px solid var(--line);border-radius:6px;margin:10px 0}article>details>summary{cursor:pointer;padding:8px 12px;list-style:none;display:flex;gap:10px;align-items:baseline}
article>details>div{padding:4px 14px 12px}.badge{font-size:11px;font-weight:700;padding:1px 7px;border-radius:10px;color:#fff;background:var(--mute)}
.s-passed>details>summary .badge,.b-pass{background:var(--ok)}.s-failed>details>summary .badge,.s-error>details>summary .badge,.b-fail,.b-error{background:var(--bad)}.s-flaky>details>summary .badge{background:var(--warn)}
.s-failed,.s-error{border-left:4px solid var(--bad)}.s-flaky{border-left:4px solid var(--warn)}.tag{font-size:11px;background:var(--bg);border:1px solid var(--line);border-radius:10px;padding:0 6px;margin-left:4px}
table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}th{background:var(--bg)}
ul.checks{list-style:none;padding-left:8px}.check-pass::before{content:"✔ ";color:var(--ok)}.check-fail{color:var(--bad);font-weight:600}.check-fail::before{content:"✘ "}
.ops{display:grid;grid-template-columns:1fr 1fr;gap:8px}.ops pre{margin:0;background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:6px;overflow:auto;max-height:360px}
.ops .del{background:#ffebe9}.ops .ins{background:#dafbe1}.ops .pad{color:transparent}
.diffs li code{background:var(--bg)}.chart{margin:6px 0}.chart svg{border:1px solid var(--line);background:#fff}
.hidden{display:none!important}.err{color:var(--bad)}pre.preview{white-space:pre-wrap;background:var(--bg);padding:6px;max-height:200px;overflow:auto}
`;

/** Inline script of report.html: filters only; it makes no requests. */
export const REPORT_JS = `
(function(){
  var failedOnly=document.getElementById('failed-only');var tag=document.getElementById('tag-filter');
  function apply(){
    var items=document.querySelectorAll('article[data-status]');var shown=0;
    for(var i=0;i<items.length;i++){var a=items[i];var bad=a.getAttribute('data-bad')==='1';
      var tags=(a.getAttribute('data-tags')||'').split(' ');var t=tag&&tag.value;
      var hide=(failedOnly&&failedOnly.checked&&!bad)||(t&&tags.indexOf(t)<0);
      a.classList.toggle('hidden',!!hide);if(!hide)shown++;}
    var c=document.getElementById('shown-count');if(c)c.textContent=String(shown);
  }
  if(failedOnly)failedOnly.addEventListener('change',apply);if(tag)tag.addEventListener('change',apply);apply();
})();
`;
