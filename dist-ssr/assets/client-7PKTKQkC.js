// \0@oxc-project+runtime@0.156.0/helpers/esm/typeof.js
function _typeof(o) {
	"@babel/helpers - typeof";
	return _typeof = "function" == typeof Symbol && "symbol" == typeof Symbol.iterator ? function(o) {
		return typeof o;
	} : function(o) {
		return o && "function" == typeof Symbol && o.constructor === Symbol && o !== Symbol.prototype ? "symbol" : typeof o;
	}, _typeof(o);
}
// \0@oxc-project+runtime@0.156.0/helpers/esm/toPrimitive.js
function toPrimitive(t, r) {
	if ("object" != _typeof(t) || !t) return t;
	var e = t[Symbol.toPrimitive];
	if (void 0 !== e) {
		var i = e.call(t, r || "default");
		if ("object" != _typeof(i)) return i;
		throw new TypeError("@@toPrimitive must return a primitive value.");
	}
	return ("string" === r ? String : Number)(t);
}
// \0@oxc-project+runtime@0.156.0/helpers/esm/toPropertyKey.js
function toPropertyKey(t) {
	var i = toPrimitive(t, "string");
	return "symbol" == _typeof(i) ? i : i + "";
}
// \0@oxc-project+runtime@0.156.0/helpers/esm/defineProperty.js
function _defineProperty(e, r, t) {
	return (r = toPropertyKey(r)) in e ? Object.defineProperty(e, r, {
		value: t,
		enumerable: !0,
		configurable: !0,
		writable: !0
	}) : e[r] = t, e;
}
// src/lib/api/client.ts
/** A call that did not succeed: a platform error, or the network failing (errorCode "network"). */
var ApiFailure = class extends Error {
	constructor(errorCode, messageKey, status, value) {
		super(`${errorCode} (${status})`);
		_defineProperty(this, "errorCode", void 0);
		_defineProperty(
			this,
			/** i18n key of the message to show. */
			"messageKey",
			void 0
		);
		_defineProperty(this, "value", void 0);
		_defineProperty(this, "status", void 0);
		this.name = "ApiFailure";
		this.errorCode = errorCode;
		this.messageKey = messageKey;
		this.status = status;
		this.value = value;
	}
	/** The field the server named for a validation failure (a JSON pointer such as "/username"). */
	get field() {
		const v = this.value;
		return typeof v?.field === "string" ? v.field : void 0;
	}
};
var config = {
	baseUrl: "",
	token: () => null,
	encryption: () => null,
	onSessionInvalid: () => void 0,
	headers: () => ({}),
	clockOffsetMs: () => 0
};
/** Wires the client to the session store and startup settings; called once by the app shell. */
function configureApi(partial) {
	Object.assign(config, partial);
}
function urlFor(path, query) {
	const params = new URLSearchParams();
	for (const [k, v] of Object.entries(query ?? {})) if (v !== void 0 && v !== null && v !== "") params.set(k, String(v));
	const qs = params.toString();
	return `${config.baseUrl}${path}${qs ? `?${qs}` : ""}`;
}
/** A single-use JWE id: 128 random bits, base64url. */
function newJti() {
	const bytes = crypto.getRandomValues(/* @__PURE__ */ new Uint8Array(16));
	return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
/**
* JWE compact serialisation of the body with the server's public key; jose loads only when
* needed. The protected header names the key (kid) and carries the time (iat, seconds, on the
* server's clock) and a single-use id (jti): the server refuses a stale or replayed body.
*/
async function encryptBody(body) {
	const enc = config.encryption();
	if (!enc) throw new ApiFailure("encryption.unavailable", "unknown_error", 0);
	const { CompactEncrypt, importJWK } = await import("jose");
	const jwk = enc.jwk;
	const key = await importJWK(jwk, enc.alg);
	const iat = Math.floor((Date.now() + config.clockOffsetMs()) / 1e3);
	const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body))).setProtectedHeader({
		alg: enc.alg,
		enc: enc.enc,
		...jwk.kid ? { kid: jwk.kid } : {},
		iat,
		jti: newJti()
	}).encrypt(key);
	return {
		headers: { [enc.header]: "1" },
		text: JSON.stringify({ payload: jwe })
	};
}
/** Calls the API and unwraps the envelope. */
async function request(method, path, opts = {}) {
	const headers = {
		accept: "application/json",
		...config.headers()
	};
	const token = config.token();
	if (token) headers.authorization = `Bearer ${token}`;
	let body;
	if (opts.form) {
		headers["content-type"] = "application/x-www-form-urlencoded";
		body = new URLSearchParams(opts.form).toString();
	} else if (opts.body !== void 0) {
		headers["content-type"] = "application/json";
		if (opts.encrypt) {
			const sealed = await encryptBody(opts.body);
			Object.assign(headers, sealed.headers);
			body = sealed.text;
		} else body = JSON.stringify(opts.body);
	}
	let res;
	try {
		res = await fetch(urlFor(path, opts.query), {
			method,
			headers,
			body,
			signal: opts.signal,
			credentials: "same-origin"
		});
	} catch (err) {
		if (err.name === "AbortError") throw err;
		throw new ApiFailure("network", "network_slow", 0);
	}
	let envelope;
	try {
		envelope = await res.json();
	} catch {
		throw new ApiFailure("server.error", "unknown_error", res.status);
	}
	if (envelope.success) return envelope.value;
	const code = envelope.errorCode ?? "server.error";
	if (code === "session.invalid") config.onSessionInvalid(token);
	throw new ApiFailure(code, envelope.message ?? "unknown_error", res.status, envelope.value);
}
/** The SWR fetcher for GET keys of the form [path, query?]. */
function swrFetcher([path, query]) {
	return request("GET", path, { query });
}
export { _defineProperty as a, swrFetcher as i, configureApi as n, request as r, ApiFailure as t };
