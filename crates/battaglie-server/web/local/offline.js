// @ts-check
// The offline edition's start (`battaglie site`): the page's requests to the server
// are answered in the browser (backend.js), its pictures drawn there (pictures.js),
// and a service worker (service.js) keeps the site's files so that it opens and plays
// with the network off and installs as an app. app.js loads this module before
// anything else when the page is the offline edition's.

import { backend } from "./backend.js";
import { registerServiceWorker } from "./service.js";
import { drawPicturesHere } from "./pictures.js";

/** @type {{battaglieBackend?: typeof backend}} */ (globalThis).battaglieBackend = backend;
// What only a server offers (accounts, the lobby, online games) is not shown.
document.documentElement.classList.add("offline");
registerServiceWorker();
drawPicturesHere(backend);
