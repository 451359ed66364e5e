#!/usr/bin/python3
"""Renders deploy/patroni/patroni.yml for one Patroni node on this machine (tests, a local
cluster), the way deploy/nginx/render-local.sh renders the nginx files: the same settings the
compose profile `ha` ships, with this node's name, addresses, ports and directories.

  deploy/patroni/render-local.py OUT.yml --name patroni1 --pg-port 5433 --rest-port 8009 \\
      --etcd 127.0.0.1:2379 --dir /tmp/cluster/patroni1 [--host 127.0.0.1]

The data directory is DIR/data, the socket and pgpass go to DIR. Passwords are not written:
Patroni reads PATRONI_SUPERUSER_PASSWORD, PATRONI_REPLICATION_PASSWORD and
PATRONI_REWIND_PASSWORD from its environment, and the post-bootstrap script POSTGRES_PASSWORD.
Run Patroni as the owner of DIR (not root: initdb refuses).

The post-bootstrap script (this folder's post-init.sh) is copied next to OUT and the config
names the copy: Patroni runs it as its own user, who may not reach this checkout (a clone in a
0700 home or `mktemp -d` folder), while it must read OUT anyway.
"""
import argparse
import os
import shutil

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))


def copy_post_init(folder):
    """post-init.sh copied into `folder`, readable and executable by every user; its path."""
    script = os.path.join(folder, "post-init.sh")
    shutil.copyfile(os.path.join(HERE, "post-init.sh"), script)
    os.chmod(script, 0o755)
    return script


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--name", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--pg-port", type=int, required=True)
    parser.add_argument("--rest-port", type=int, required=True)
    parser.add_argument("--etcd", required=True, help="HOST:PORT[,HOST:PORT...] of etcd (API v3)")
    parser.add_argument("--dir", required=True)
    args = parser.parse_args()
    with open(os.path.join(HERE, "patroni.yml"), encoding="utf-8") as f:
        config = yaml.safe_load(f)
    directory = os.path.abspath(args.dir)
    config["name"] = args.name
    config["restapi"].update(listen=f"{args.host}:{args.rest_port}",
                             connect_address=f"{args.host}:{args.rest_port}")
    config["etcd3"]["hosts"] = args.etcd
    out_folder = os.path.dirname(os.path.abspath(args.out))
    config["bootstrap"]["post_bootstrap"] = copy_post_init(out_folder)
    pg = config["postgresql"]
    pg.update(listen=f"{args.host}:{args.pg_port}", connect_address=f"{args.host}:{args.pg_port}",
              data_dir=os.path.join(directory, "data"), pgpass=os.path.join(directory, "pgpass"))
    pg["parameters"]["unix_socket_directories"] = directory
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"# Rendered from deploy/patroni/patroni.yml by render-local.py for {args.name}.\n")
        yaml.safe_dump(config, f, sort_keys=False)


if __name__ == "__main__":
    main()
