import { API_PATHS } from './api/paths';
import { MOBILE_BREAKPOINT_PX, VACANCY_LIST_FIRST_PAGE } from './constants';
import type { UserType } from './users';

/** index.html's element holding the prerendered login (ADR 0061). */
export const LOGIN_PRERENDER_ID = 'login-prerender';
/** The class on `<html>` that shows it: the page was opened on the login. */
export const LOGIN_PRERENDER_CLASS = 'login-prerender';
/**
 * Set on `<html>` to "<index> <label>" of the prerender's button that was clicked (or Enter in one of
 * its fields: the submit button) before the app ran; the app clicks its own one (nothing is lost).
 */
export const LOGIN_PRERENDER_CLICKED_ATTRIBUTE = 'data-login-clicked';

/**
 * The `window` property where the inline script leaves its early session answer (ADR 0062): a
 * promise of null (signed out), the current user's `Response` (signed in), or undefined (not
 * known: the app asks itself). The app takes it once, on its first session query.
 */
export const EARLY_SESSION_GLOBAL = '__matchwerkSession';

/**
 * The `window` property where the inline script leaves the first data request of the screen being
 * opened (ADR 0070): `{ url, at, response }`, `at` in `performance.now()` time, `response` a promise
 * of the `Response` (undefined when the request failed). The app takes it once, for that URL only.
 */
export const EARLY_DATA_GLOBAL = '__matchwerkEarlyData';

/**
 * In the route → module files table: stands for the sidebar's files (the table's entry of the same
 * name). The script preloads them only where the sidebar shows beside the screen; on a phone the
 * menu is closed and loads them later (ADR 0077).
 */
export const SIDEBAR_MODULES_KEY = '#sidebar';

/** The early answer is taken only this soon after the inline script asked: later it may be stale. */
export const EARLY_DATA_MAX_AGE_MS = 10_000;

export interface EarlyDataRequest {
  /** The exact URL the screen asks first; `*` stands for the route's parameter (URI-encoded). */
  url: string;
  /** Whose screen asks this URL first (the list's default order depends on the user type). */
  userTypes: readonly UserType[];
}

/**
 * Screens whose first paint waits for one list answer (issue #12: the posting list's and a chat's
 * LCP is a row of it). The inline script asks for it as soon as the current user's answer shows
 * the user type, so it is in before the scripts have run. Keys as in the route table. A test holds
 * each URL to the one the screen asks; a URL that drifted would only be asked twice.
 */
export const EARLY_DATA_REQUESTS: Readonly<Record<string, EarlyDataRequest>> = {
  '/vacancies': {
    url: `${API_PATHS.vacancies}?${Object.entries(VACANCY_LIST_FIRST_PAGE)
      .map(([key, value]) => `${key}=${value}`)
      .join('&')}`,
    userTypes: ['ORGANIZATION'],
  },
  '/chat/*': { url: API_PATHS.organizationChat.replace(':applicantId', '*'), userTypes: ['ORGANIZATION'] },
};

/**
 * The one inline script of the web app's index.html (ADR 0053): it reads the route → module files
 * table the build writes into `<script type="application/json" id="route-modules">` (data, not
 * run) and adds `<link rel="modulepreload">` for the files of the hash route being opened, so they
 * download beside the entry instead of after it. Fixed text, so the server's Content-Security-Policy
 * allows exactly it by its SHA-256 hash (apps/api plugins/security.ts); the table may change with
 * every build. Keys: the exact path, `/<first segment>/*`, or `/vorschau-*`; a route's list may name
 * `SIDEBAR_MODULES_KEY`, whose files it adds only at the desktop width. On `#/login` it also
 * marks `<html>` so that the login prerendered into index.html shows (ADR 0061), and notes a click on
 * one of its buttons; not on the e-mail confirmation state of the login, which looks different.
 * On every route it asks the server about the session — the session probe, then the current user
 * if there is a session, as the app would — while the scripts download (ADR 0062). On a screen of
 * `EARLY_DATA_REQUESTS` opened without a query (sort, page, search) it then asks for the screen's
 * first list, for the user types given.
 */
export const ROUTE_PRELOAD_SCRIPT =
  "(function(){try{var m=JSON.parse(document.getElementById('route-modules').textContent),p=location.hash.slice(1).split('?')[0]||'/'," +
  "f=m[p]||m['/'+p.split('/')[1]+'/*']||(p.indexOf('/vorschau-')===0&&m['/vorschau-*'])||[];" +
  "var s={},a=function(h){if(s[h])return;s[h]=1;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)};" +
  `f.forEach(function(h){if(h!=='${SIDEBAR_MODULES_KEY}')a(h);else if(innerWidth>=${MOBILE_BREAKPOINT_PX})m[h].forEach(a)});` +
  `var E=${JSON.stringify(EARLY_DATA_REQUESTS)},e=location.hash.indexOf('?')<0&&(E[p]||E['/'+p.split('/')[1]+'/*']);` +
  "var g=function(u){return fetch(u,{credentials:'include',headers:{Accept:'application/json'}})};" +
  `window.${EARLY_SESSION_GLOBAL}=g('${API_PATHS.getSession}').then(function(r){return r.ok?r.json():void 0})` +
  `.then(function(j){if(j===null)return null;if(!j||!j.session)return;var u=g('${API_PATHS.currentUser}');` +
  `if(e)u.then(function(r){return r.ok?r.clone().json():null}).then(function(c){if(c&&e.userTypes.indexOf(c.type)>=0){` +
  "var x=e.url.replace('*',encodeURIComponent(decodeURIComponent(p.split('/')[2]||'')));" +
  `window.${EARLY_DATA_GLOBAL}={url:x,at:performance.now(),response:g(x).then(null,function(){})}}}).then(null,function(){});` +
  'return u}).then(null,function(){});' +
  `if(p==='/login'&&location.hash.indexOf('emailVerify=')<0){var d=document.documentElement,q='#${LOGIN_PRERENDER_ID}';` +
  `d.classList.add('${LOGIN_PRERENDER_CLASS}');` +
  "var r=function(b){if(b){var a=[].slice.call(document.querySelectorAll(q+' button'));" +
  `d.setAttribute('${LOGIN_PRERENDER_CLICKED_ATTRIBUTE}',a.indexOf(b)+' '+(b.getAttribute('aria-label')||b.textContent))}};` +
  "document.addEventListener('click',function(e){r(e.target.closest&&e.target.closest(q+' button'))},true);" +
  "document.addEventListener('keydown',function(e){if(e.key==='Enter'&&e.target.closest&&" +
  "e.target.closest(q+' input:not([type=checkbox])'))r(document.querySelector(q+' button[type=submit]'))},true)}" +
  '}catch(e){}})()';
