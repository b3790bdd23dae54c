/**
 * The one inline script of the web app's index.html (ADR 0053): it reads the route → module files
 * table the build writes into `<script type="application/json" id="route-modules">` (data, not
 * run) and adds `<link rel="modulepreload">` for the files of the hash route being opened, so they
 * download beside the entry instead of after it. Fixed text, so the server's Content-Security-Policy
 * allows exactly it by its SHA-256 hash (apps/api plugins/security.ts); the table may change with
 * every build. Keys: the exact path, `/<first segment>/*`, or `/vorschau-*`.
 */
export const ROUTE_PRELOAD_SCRIPT =
  "(function(){try{var m=JSON.parse(document.getElementById('route-modules').textContent),p=location.hash.slice(1).split('?')[0]||'/'," +
  "f=m[p]||m['/'+p.split('/')[1]+'/*']||(p.indexOf('/vorschau-')===0&&m['/vorschau-*'])||[];" +
  "f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})}catch(e){}})()";
