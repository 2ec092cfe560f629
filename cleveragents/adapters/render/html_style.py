"""The HTML picture's style sheet, inline in the page: nothing is fetched when it opens."""

STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5em; color: #1f2328; }
h1 { font-size: 1.3em; margin: 0 0 .2em; }
h2 { font-size: 1em; margin: 0 0 .4em; }
h3 { font-size: .85em; margin: .6em 0 .2em; color: #57606a; }
code, pre, .id { font-family: ui-monospace, monospace; }
.plan-status { font-size: .8em; padding: .1em .5em; border-radius: 1em; background: #ddf4ff; }
.task { margin: 0 0 .6em; }
.corrections { margin: 0 0 .6em; padding-left: 1.2em; }
.legend .key { padding: .1em .5em; border-radius: .3em; margin-right: .3em; }
.key.live { background: #dafbe1; }
.key.off { background: #eeeeee; color: #777777; text-decoration: line-through; }
.key.correction { background: #f3e8ff; border-left: 4px solid #7c3aed; }
ol.line, ol.leaves { list-style: none; margin: 0; padding: 0; }
ol.leaves { margin-left: 1.6em; border-left: 2px solid #d0d7de; padding-left: .6em; }
li.entry { margin: .25em 0; }
details.decision > summary { cursor: pointer; padding: .15em .4em; border-radius: .3em; }
details.decision > summary:hover { background: #f6f8fa; }
details.decision[open] > summary { background: #ddf4ff; }
.id { font-weight: bold; }
.kind { color: #0969da; }
.outcome, .state { color: #57606a; }
.state { font-style: italic; }
.failed > summary .mark { color: #cf222e; }
.decision:not(.failed) > summary .mark { color: #1a7f37; }
.correction > summary { background: #f3e8ff; border-left: 4px solid #7c3aed; }
.off > summary { color: #8c959f; }
.off > summary .summary { text-decoration: line-through; }
.off > summary .kind, .off > summary .mark { color: #8c959f !important; }
.body { margin: .3em 0 .6em 1.6em; }
pre { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: .3em; padding: .5em;
      overflow-x: auto; max-height: 30em; margin: 0; white-space: pre; }
pre.diff .add { color: #1a7f37; } pre.diff .del { color: #cf222e; }
pre.diff .hunk { color: #8250df; } pre.diff .meta { color: #57606a; font-weight: bold; }
.cut, .no-diff { color: #57606a; font-size: .9em; margin: .3em 0; }
li.fork { margin: .6em 0; }
.fork-label { margin: 0 0 .3em; font-weight: bold; color: #7c3aed; }
.paths { display: flex; gap: 1em; align-items: flex-start; }
.path { flex: 1 1 0; min-width: 0; border: 1px solid #d0d7de; border-radius: .4em; padding: .5em; }
.path.live { border-color: #1a7f37; background: #fbfffc; }
.path.off { background: #f3f3f3; filter: grayscale(1); opacity: .75; }
.page-url, .page-changes, .page-sent, .shot-path { margin: .2em 0; overflow-wrap: anywhere; }
img.shot { display: block; max-width: 480px; width: 100%; border: 1px solid #d0d7de;
           border-radius: .3em; margin: .3em 0; }
"""
