"""The nginx files (nginx -t itself runs in scripts/check-deploy.sh)."""
import re

from common import AUTHORING_PATHS, LEARNER_PATHS

def nginx_tree(text):
    """[(directive, [args], children or None)] of an nginx config (enough for these files)."""
    tokens = re.findall(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|#[^\n]*|[{};]|[^\s{};]+", text or "")
    tokens = [t for t in tokens if not t.startswith("#")]

    def block(i):
        out, words = [], []
        while i < len(tokens):
            t = tokens[i]
            if t == ";":
                out.append((words[0], words[1:], None))
                words = []
            elif t == "{":
                children, i = block(i + 1)
                out.append((words[0], words[1:], children))
                words = []
            elif t == "}":
                return out, i
            else:
                words.append(t.strip("\"'") if t[0] in "\"'" else t)
            i += 1
        return out, i

    return block(0)[0]


def directives(tree, name):
    return [(args, children) for n, args, children in tree if n == name]


def check_nginx(d, problems):
    main = nginx_tree(d.text.get("nginx.conf"))
    shared = nginx_tree(d.text.get("nginx/langlearn.conf"))
    routes = nginx_tree(d.text.get("nginx/routes.conf"))
    upstreams = nginx_tree(d.text.get("nginx/upstreams.conf"))

    for name in ("user", "pid", "daemon"):
        if directives(main, name):
            problems.add("deploy/nginx.conf", f"has `{name}`: the command line sets it "
                         "(-g 'daemon off; pid DIR/nginx.pid;'), and a duplicate is an error")

    def one(tree, name, where):
        found = directives(tree, name)
        if not found:
            problems.add(where, f"no {name}")
            return []
        return found[-1][0]

    w = "deploy/nginx/langlearn.conf"
    if one(shared, "proxy_http_version", w) != ["1.1"]:
        problems.add(w, "proxy_http_version must be 1.1 (keep-alive to the upstreams)")
    headers = {args[0].lower(): args[1:] for args, _ in directives(shared, "proxy_set_header")}
    if headers.get("connection") != [""]:
        problems.add(w, 'proxy_set_header Connection "" missing (keep-alive to the upstreams)')
    for h in ("x-forwarded-for", "x-request-id", "host"):
        if h not in headers:
            problems.add(w, f"does not pass {h}")
    retry = one(shared, "proxy_next_upstream", w)
    for cond in ("error", "timeout", "http_502"):
        if retry and cond not in retry:
            problems.add(w, f"proxy_next_upstream lacks {cond}")
    if "http_503" in retry:
        problems.add(w, "proxy_next_upstream http_503 counts a database outage (503 from every "
                     "replica) toward max_fails: nginx keeps answering 503 for fail_timeout after "
                     "the database is back")
    if "non_idempotent" in retry:
        problems.add(w, "proxy_next_upstream non_idempotent would retry POSTs that may have been "
                     "booked")
    formats = directives(shared, "log_format")
    if not formats or "$upstream_addr" not in " ".join(formats[0][0]):
        problems.add(w, "the access log format does not record $upstream_addr")
    for timeout in ("proxy_connect_timeout", "proxy_read_timeout", "client_body_timeout"):
        one(shared, timeout, w)

    w = "deploy/nginx/upstreams.conf"
    ups = {args[0]: children for args, children in directives(upstreams, "upstream")}
    for name in ("learner", "authoring"):
        if name not in ups:
            problems.add(w, f"no upstream {name}")
            continue
        if not directives(ups[name], "keepalive"):
            problems.add(w, f"upstream {name} has no keepalive")
        if not directives(ups[name], "server"):
            problems.add(w, f"upstream {name} has no server")
    if "learner" in ups and directives(ups["learner"], "ip_hash") + directives(ups["learner"], "hash"):
        problems.add(w, "learner: least_conn or round-robin, not sticky hashing (stateless replicas)")

    w = "deploy/nginx/routes.conf"
    locations = {args[-1]: children for args, children in directives(routes, "location")}
    for path in LEARNER_PATHS + AUTHORING_PATHS:
        upstream, size = ("learner", "1m") if path in LEARNER_PATHS else ("authoring", "11m")
        body = locations.get(path)
        if body is None:
            problems.add(w, f"no location {path}")
            continue
        if [a for a, _ in directives(body, "proxy_pass")] != [[f"http://{upstream}"]]:
            problems.add(w, f"location {path} must proxy_pass http://{upstream}")
        if [a for a, _ in directives(body, "client_max_body_size")] != [[size]]:
            problems.add(w, f"location {path} must set client_max_body_size {size}")
    for path, body in locations.items():
        if path in ("/livez", "/healthz", "/readyz", "/metrics") and directives(body, "proxy_pass"):
            problems.add(w, f"{path} is internal: do not route it")
    check_media_cache(main, shared, locations.get("/media"), problems)


def check_media_cache(main, shared, media, problems):
    """/media is cached: its answers are immutable (named by their SHA-256) and each miss costs a
    replica's media pool and the database (docs/operations.md "Media")."""
    if media is None:
        return
    w = "deploy/nginx/routes.conf"
    zones = {}
    for tree in [shared] + [children or [] for _, children in directives(main, "http")]:
        for args, _ in directives(tree, "proxy_cache_path"):
            params = dict(a.split("=", 1) for a in args[1:] if "=" in a)
            zones[params.get("keys_zone", "").split(":")[0]] = (args[0] if args else "", params)
    cache = [args for args, _ in directives(media, "proxy_cache")]
    if not cache or cache[-1] == ["off"]:
        problems.add(w, "location /media has no proxy_cache: every fetch of an immutable file "
                     "would reach a replica's media pool and the database")
        return
    zone = cache[-1][0]
    if zone not in zones:
        problems.add(w, f"proxy_cache {zone}: no proxy_cache_path with keys_zone={zone} in the "
                     "http context (deploy/nginx/langlearn.conf)")
    else:
        path, params = zones[zone]
        pw = "deploy/nginx/langlearn.conf"
        if "max_size" not in params:
            problems.add(pw, f"proxy_cache_path {path} has no max_size: the cache could fill the "
                         "disk")
        if path.startswith("/"):
            problems.add(pw, f"proxy_cache_path {path} is absolute: under the prefix (temp/...) "
                         "the image and render-local.sh's folder alike can write it")
    if [args for args, _ in directives(media, "proxy_cache_lock")] != [["on"]]:
        problems.add(w, "location /media: no proxy_cache_lock on (a burst for one new file would "
                     "reach the database once per request)")
    for args, _ in directives(media, "proxy_cache_valid"):
        if "any" in args or "404" in args:
            problems.add(w, "location /media caches errors: a file stored after a 404 would stay "
                         "missing")
    if "x-request-id" not in {args[0].lower() for args, _ in directives(media, "proxy_hide_header")
                              if args}:
        problems.add(w, "location /media: a cached answer would repeat the X-Request-Id of the "
                     "request that filled the cache (proxy_hide_header it, add_header "
                     "$langlearn_request_id)")
