// The transport through an outbound proxy (HTTP_PROXY, HTTPS_PROXY, NO_PROXY): undici's
// EnvHttpProxyAgent, which tunnels to the platform and goes direct for a NO_PROXY host. Loaded only
// when a proxy variable is set (src/forge/transport.ts).
// `import 'undici'` evaluates all of it (fetch, WebSocket, caches, mocks: ~1 MB, and its cookies module
// makes Node load its own bundled undici too); these modules are a fraction of that. undici's package
// exports no map, so these paths are public files; the lockfile pins the version and the proxy tests
// go through them.
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import api from 'undici/lib/api/index.js';
import { rootCertificates } from 'node:tls';
import type { Dispatcher as DispatcherType } from 'undici';
import { flattenHeaders, type ProxyUrls, type Transport, type TransportOptions } from './transport.js';

// What undici's index does: the API on every dispatcher (`request` for the client, `connect` for the
// proxy agent's tunnel).
Object.assign(Dispatcher.prototype, api);

export function openProxyTransport(o: TransportOptions & { proxies: ProxyUrls }): Transport {
  const ca = o.tls.caPem ? [...rootCertificates, o.tls.caPem] : undefined;
  const tls = { rejectUnauthorized: o.tls.rejectUnauthorized, ...(ca ? { ca } : {}) };
  const agent = new EnvHttpProxyAgent({
    ...o.proxies,
    ...(o.headersTimeoutMs ? { headersTimeout: o.headersTimeoutMs } : {}),
    connections: o.maxConnections,
    keepAliveTimeout: o.keepAliveMs,
    // Direct connections (a NO_PROXY host): full check after DNS resolution, once per resolved address.
    connect: { ...tls, lookup: o.lookup },
    // Connection to the proxy: only tier A applies.
    proxyTls: { ...(ca ? { ca } : {}), lookup: o.proxyLookup },
    // TLS to the destination through the tunnel.
    requestTls: tls,
  });
  return {
    async send(req) {
      const answer = await agent.request({
        origin: req.url.origin,
        path: `${req.url.pathname}${req.url.search}`,
        method: req.method as DispatcherType.HttpMethod,
        headers: req.headers,
        body: req.body ?? null,
        signal: req.signal,
      });
      return { status: answer.statusCode, headers: flattenHeaders(answer.headers), body: Buffer.from(await answer.body.arrayBuffer()) };
    },
    close: () => agent.close(),
  };
}
