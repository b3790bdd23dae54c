/**
 * The widget's styles, inside its Shadow DOM: nothing of the host page's CSS reaches in, nothing
 * of ours leaks out. Neutral on purpose: font and text colour come from the host page (so its
 * contrast is kept, light or dark), borders are the text colour, movement only when the visitor
 * has not asked for less.
 */
export const JOB_WIDGET_CSS = `
:host{display:block;font:inherit;color:inherit;line-height:1.45;text-align:start}
*{box-sizing:border-box}
section{margin:0;padding:0;min-width:0}
.head{display:flex;align-items:center;gap:.75rem;margin:0 0 1rem;flex-wrap:wrap}
.logo{width:auto;height:2.5rem;max-width:8rem;object-fit:contain;border-radius:.25rem}
h2,h3,h4,h5,h6{font:inherit;font-size:1.25em;font-weight:700;line-height:1.3;margin:0;overflow-wrap:anywhere}
p{margin:0}
ul{list-style:none;margin:0;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,15rem),1fr))}
li{min-width:0}
a{display:flex;flex-direction:column;height:100%;color:inherit;text-decoration:none;border:1px solid;border-color:color-mix(in srgb,currentColor 35%,transparent);border-radius:.5rem;overflow:hidden}
a:hover{border-color:currentColor}
a:focus-visible{outline:3px solid;outline-offset:2px}
.img{display:block;width:100%;aspect-ratio:16/9;object-fit:cover;background:color-mix(in srgb,currentColor 8%,transparent)}
.text{display:flex;flex-direction:column;gap:.25rem;padding:.75rem}
.title{font-weight:700;text-decoration:underline;text-underline-offset:.15em;overflow-wrap:anywhere}
.meta{font-size:.9em;overflow-wrap:anywhere}
.note{padding:.75rem 0}
.app{display:inline-block;height:auto;margin-top:1rem;padding:.6rem .9rem;font-weight:700}
@media (prefers-reduced-motion:no-preference){a{transition:border-color .15s ease-in-out}}
@media (forced-colors:active){a{border-color:LinkText}}
`;
