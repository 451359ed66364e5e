"""deploy/Dockerfile, deploy/nginx/Dockerfile, .dockerignore; runtime packages against ldd."""
import os
import re
import subprocess

from common import BASE_IMAGE_PACKAGES, BINARIES, RUNTIME_EXTRA, Problems

def dockerfile_stages(text):
    """[(from_image, alias, [(instruction, argument)])] with continuations joined."""
    lines, current = [], ""
    for raw in (text or "").splitlines():
        stripped = raw.strip()
        if not current and (not stripped or stripped.startswith("#")):
            continue
        if stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            current += stripped[:-1] + " "
            continue
        lines.append(current + stripped)
        current = ""
    stages = []
    for line in lines:
        instruction, _, argument = line.partition(" ")
        instruction = instruction.upper()
        if instruction == "FROM":
            parts = argument.split()
            alias = parts[2] if len(parts) >= 3 and parts[1].upper() == "AS" else None
            stages.append((parts[0], alias, []))
        elif stages:
            stages[-1][2].append((instruction, argument.strip()))
    return stages


def apt_packages(instructions):
    packages = []
    for instruction, argument in instructions:
        if instruction != "RUN":
            continue
        for m in re.finditer(r"apt-get install((?:\s+[^&|;]+))", argument):
            packages += [w for w in m.group(1).split() if not w.startswith("-")]
    return packages


def deps_packages(deps_sh):
    # `packages=(...)`: what the project builds and runs with (not deps.sh's fuzz_packages).
    m = re.search(r"^packages=\((.*?)\)", deps_sh or "", re.S | re.M)
    return m.group(1).split() if m else []


_linked_cache = {}


def linked_packages(build_dir, problems):
    """Debian packages that provide the libraries the three binaries link (NEEDED)."""
    if build_dir in _linked_cache:
        found, notes = _linked_cache[build_dir]
        problems.extend(notes)
        return found
    notes = Problems()
    wanted = {}  # (binary, soname) -> candidate paths
    for name in BINARIES:
        binary = os.path.join(build_dir, "apps", name, name)
        if not os.path.isfile(binary):
            notes.add(binary, "not built (build the apps first: the runtime packages are "
                      "checked against what they link)")
            continue
        needed = re.findall(r"NEEDED\s+(\S+)", subprocess.run(
            ["objdump", "-p", binary], capture_output=True, text=True, check=True).stdout)
        paths = dict(re.findall(r"^\s*(\S+) => (\S+)", subprocess.run(
            ["ldd", binary], capture_output=True, text=True, check=True).stdout, re.M))
        for soname in needed:
            path = paths.get(soname)
            if not path:
                notes.add(binary, f"{soname} is not found by ldd")
                continue
            candidates = {path, os.path.realpath(path)}
            for p in list(candidates):  # merged /usr: dpkg knows one of the two spellings
                candidates.add(p[4:] if p.startswith("/usr/") else "/usr" + p)
            wanted[(name, soname)] = candidates
    # One dpkg -S for every path (it is slow to start); unknown paths only go to stderr.
    every = sorted(set().union(*wanted.values())) if wanted else []
    owners = {}
    if every:
        out = subprocess.run(["dpkg", "-S", *every], capture_output=True, text=True).stdout
        for line in out.splitlines():
            pkgs, _, path = line.rpartition(": ")
            owners[path.strip()] = pkgs.split(",")[0].split(":")[0].strip()
    found = {}
    for (name, soname), candidates in sorted(wanted.items()):
        owner = next((owners[p] for p in sorted(candidates) if p in owners), None)
        if owner is None:
            notes.add(name, f"{soname} belongs to no Debian package")
        else:
            found.setdefault(owner, set()).add(f"{name}: {soname}")
    _linked_cache[build_dir] = (found, notes)
    problems.extend(notes)
    return found


def check_dockerfiles(d, build_dir, problems):
    where = "deploy/Dockerfile"
    stages = dockerfile_stages(d.text.get("Dockerfile"))
    if len(stages) < 2:
        problems.add(where, "expected a build stage and a runtime stage")
        return
    aliases = {alias for _, alias, _ in stages if alias}
    for image, alias, _ in stages:
        if image not in aliases and not image.startswith("debian:12"):
            problems.add(where, f"FROM {image}: the stages are Debian 12 (debian:12-slim)")
    build, final = stages[0][2], stages[-1][2]
    users = [a for i, a in final if i == "USER"]
    if not users:
        problems.add(where, "no USER in the final stage: the services would run as root")
    elif users[-1].split(":")[0] in ("root", "0"):
        problems.add(where, f"final USER {users[-1]} is root")
    elif not users[-1].split(":")[0].isdigit():
        problems.add(where, f"final USER {users[-1]}: use a numeric uid (runAsNonRoot checks it)")
    runtime = apt_packages(final)
    for p in runtime:
        if p.endswith("-dev") or p in ("build-essential", "cmake", "ninja-build", "pkg-config"):
            problems.add(where, f"final stage installs the build package {p}")
    for p in sorted(RUNTIME_EXTRA - set(runtime)):
        problems.add(where, f"final stage does not install {p}")
    built = set(apt_packages(build))
    for p in deps_packages(d.deps):
        if p.endswith("-dev") and p not in built:
            problems.add(where, f"build stage lacks {p} (scripts/deps.sh)")
    for p in ("build-essential", "cmake", "ninja-build"):
        if p not in built:
            problems.add(where, f"build stage lacks {p}")
    run_text = " ".join(a for i, a in build if i == "RUN")
    if "-DCMAKE_BUILD_TYPE=Release" not in run_text or "-G Ninja" not in run_text:
        problems.add(where, "build stage must configure a Release build with Ninja")
    if not re.search(r"HEALTHCHECK .*(/livez)", " ".join(f"{i} {a}" for i, a in final)):
        problems.add(where, "no HEALTHCHECK on /livez")
    cmd = [a for i, a in final if i == "CMD"]
    if not cmd or "learner-api" not in cmd[-1]:
        problems.add(where, "the default CMD must be learner-api")
    env = " ".join(a for i, a in final if i == "ENV")
    for setting in ("HOST=0.0.0.0", "MEDIA_DIR=/var/lib/langlearn/media"):
        if setting not in env:
            problems.add(where, f"ENV lacks {setting}")
    copies = " ".join(a for i, a in final if i == "COPY")
    for binary in BINARIES:
        if binary not in run_text:
            problems.add(where, f"build stage does not build {binary}")
    if "--from=build" not in copies:
        problems.add(where, "final stage copies nothing from the build stage")
    for i, a in final + build:
        if i == "COPY" and not a.startswith("--from"):
            for src in a.split()[:-1]:
                if src != "." and not os.path.exists(os.path.join(d.repo, src)):
                    problems.add(where, f"COPY {src}: no such file in the repository")
    if build_dir:
        for package, why in sorted(linked_packages(build_dir, problems).items()):
            if package not in runtime and package not in BASE_IMAGE_PACKAGES:
                problems.add(where, f"final stage lacks {package} ({', '.join(sorted(why))})")

    # .dockerignore: no build trees, local data or history in the context; the sources stay.
    ignored = [line.strip().strip("/") for line in (d.dockerignore or "").splitlines()
               if line.strip() and not line.startswith("#")]
    for needed in ("build", "var", ".git"):
        if needed not in ignored:
            problems.add(".dockerignore", f"does not exclude {needed}/")
    for kept in ("CMakeLists.txt", "core", "adapters", "apps", "bench", "db", "deploy/healthcheck.sh"):
        if kept in ignored:
            problems.add(".dockerignore", f"excludes {kept}, which the image build needs")

    # The nginx image: Debian's nginx-light, workers not root.
    where = "deploy/nginx/Dockerfile"
    stages = dockerfile_stages(d.text.get("nginx/Dockerfile"))
    if not stages or not stages[-1][0].startswith("debian:12"):
        problems.add(where, "FROM debian:12-slim expected")
        return
    final = stages[-1][2]
    if "nginx-light" not in apt_packages(final):
        problems.add(where, "does not install nginx-light (the nginx the local test runs)")
    for p in apt_packages(final):
        if p.endswith("-dev"):
            problems.add(where, f"installs the build package {p}")
    cmd = " ".join(a for i, a in final if i == "CMD")
    for part in ("daemon off;", "user www-data;", "/etc/langlearn/nginx.conf"):
        if part not in cmd:
            problems.add(where, f"CMD lacks {part}")
    for i, a in final:
        if i == "COPY":
            for src in a.split()[:-1]:
                if not os.path.exists(os.path.join(d.root, src)):
                    problems.add(where, f"COPY {src}: no such file in deploy/")
