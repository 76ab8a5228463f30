#!/usr/bin/env bash
# Development helper: replaces the migrations not yet committed with one generated from the current
# schema files. Committed migrations are never touched. Serialised so parallel work cannot interleave.
set -euo pipefail
cd "$(dirname "$0")/../apps/server"
name="${1:-next}"
exec 9>/tmp/pictura-drizzle.lock
flock 9
git ls-files --others --exclude-standard drizzle | xargs -r rm -f
git checkout -- drizzle/meta/_journal.json
npm run migrate:generate -- --name "$name"
