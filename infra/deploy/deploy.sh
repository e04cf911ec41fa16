#!/usr/bin/env bash
# Deploys Breaktime to AWS (docs/deploy.md explains every step and parameter):
#
#   infra/deploy/deploy.sh dev|prod           build the functions (sam build), deploy the stack, build the web app
#                                             with the stack's API URLs, upload it to S3, invalidate CloudFront
#   infra/deploy/deploy.sh dev|prod secret    create the JWT signing key and the Web Push (VAPID) key pair in SSM
#                                             Parameter Store (once per environment)
#   infra/deploy/deploy.sh dev|prod web       only rebuild, upload and invalidate the web app
#   infra/deploy/deploy.sh dev|prod outputs   print the stack outputs
#
# The account's own values come from infra/deploy/<env>.env (not committed; start from example.env) or from the
# environment: MAIL_FROM, SES_IDENTITY, SUPPORT_EMAIL, ALARM_EMAIL, and the optional ones listed in example.env.
# Stack name, region and the per-environment defaults come from samconfig.toml.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ENV_NAME="${1:-}"
STEP="${2:-all}"

usage() {
    sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
die() {
    echo "deploy: $*" >&2
    exit 1
}
step() { printf '\n==> %s\n' "$*"; }

case "$ENV_NAME" in dev | prod) ;; *) usage ;; esac
case "$STEP" in all | secret | web | outputs) ;; *) usage ;; esac
cd "$ROOT"
# cargo-lambda (and the zig linker it brings) live in the project venv (`make lambda-tools`).
export PATH="$ROOT/.venv/bin:$PATH"

for tool in aws python3; do
    command -v "$tool" >/dev/null || die "$tool is required (docs/deploy.md, 'Before the first deploy')"
done

# Stack name, region and the environment's parameter defaults, read from samconfig.toml.
eval "$(python3 - "$ENV_NAME" <<'PY'
import shlex, sys, tomllib
env = sys.argv[1]
with open("samconfig.toml", "rb") as f:
    config = tomllib.load(f)[env]
overrides = dict(kv.split("=", 1) for kv in shlex.split(config["deploy"]["parameters"]["parameter_overrides"]))
print(f"STACK={shlex.quote(config['global']['parameters']['stack_name'])}")
print(f"REGION={shlex.quote(config['global']['parameters']['region'])}")
print(f"JWT_PARAMETER={shlex.quote(overrides['JwtSecretParameterName'])}")
vapid = overrides['JwtSecretParameterName'].rsplit('/', 1)[0] + '/vapid-private-key'
print(f"VAPID_PARAMETER={shlex.quote(vapid)}")
print("BASE_OVERRIDES=(" + " ".join(shlex.quote(f"{k}={v}") for k, v in overrides.items()) + ")")
PY
)"
export AWS_REGION="${AWS_REGION:-$REGION}"

ENV_FILE="$ROOT/infra/deploy/$ENV_NAME.env"
if [ -f "$ENV_FILE" ]; then
    set -a
    # shellcheck disable=SC1090
    . "$ENV_FILE"
    set +a
fi

check_account() {
    aws sts get-caller-identity --query Account --output text >/dev/null 2>&1 ||
        die "no AWS credentials (aws configure, or AWS_PROFILE=...)"
}

parameter_exists() {
    aws ssm describe-parameters --parameter-filters "Key=Name,Values=$1" \
        --query 'length(Parameters)' --output text 2>/dev/null | grep -qx 1
}
secret_exists() { parameter_exists "$JWT_PARAMETER"; }
vapid_exists() { parameter_exists "$VAPID_PARAMETER"; }

create_secret() {
    step "JWT signing key in SSM: $JWT_PARAMETER"
    if secret_exists; then
        echo "already there; nothing to do (rotate with: aws ssm put-parameter --overwrite ...)"
        return
    fi
    local file
    file="$(mktemp)"
    chmod 600 "$file"
    # A file, so the key never appears on a command line.
    python3 -c 'import secrets; print(secrets.token_urlsafe(48), end="")' >"$file"
    aws ssm put-parameter --name "$JWT_PARAMETER" --type SecureString --value "file://$file" \
        --description "Breaktime $ENV_NAME JWT signing key" >/dev/null
    rm -f "$file"
    echo "created"
}

# The VAPID key pair is made once: rotating it would silently end every browser's push subscription.
create_vapid_key() {
    step "Web Push (VAPID) private key in SSM: $VAPID_PARAMETER"
    if vapid_exists; then
        echo "already there; nothing to do"
        return
    fi
    local file
    file="$(mktemp)"
    chmod 600 "$file"
    cargo run -q -p breaktime-local --bin vapid-keys | cut -d' ' -f1 | tr -d '\n' >"$file"
    aws ssm put-parameter --name "$VAPID_PARAMETER" --type SecureString --value "file://$file" \
        --description "Breaktime $ENV_NAME Web Push (VAPID) private key" >/dev/null
    rm -f "$file"
    echo "created"
}

# The public half, for the template (browsers subscribe with it); empty when push is not set up.
vapid_public_key() {
    vapid_exists || return 0
    aws ssm get-parameter --name "$VAPID_PARAMETER" --with-decryption --query Parameter.Value --output text |
        cargo run -q -p breaktime-local --bin vapid-keys -- --public
}

output() {
    aws cloudformation describe-stacks --stack-name "$STACK" \
        --query "Stacks[0].Outputs[?OutputKey=='$1'].OutputValue" --output text
}

deploy_stack() {
    command -v sam >/dev/null || die "the AWS SAM CLI is required (pip install aws-sam-cli)"
    command -v cargo-lambda >/dev/null || die "cargo-lambda is required: make lambda-tools"
    for name in MAIL_FROM SES_IDENTITY SUPPORT_EMAIL ALARM_EMAIL; do
        [ -n "${!name:-}" ] || die "$name is not set (infra/deploy/$ENV_NAME.env, see infra/deploy/example.env)"
    done
    secret_exists || die "SSM parameter $JWT_PARAMETER is missing: run 'infra/deploy/deploy.sh $ENV_NAME secret' first"

    local status
    status="$(aws ses get-identity-verification-attributes --identities "$SES_IDENTITY" \
        --query "VerificationAttributes.\"$SES_IDENTITY\".VerificationStatus" --output text 2>/dev/null || true)"
    [ "$status" = "Success" ] ||
        echo "warning: SES identity $SES_IDENTITY is not verified in $AWS_REGION (status: ${status:-none}); mail will fail" >&2

    local vapid_public="" vapid_parameter=""
    if vapid_exists; then
        vapid_public="$(vapid_public_key)"
        vapid_parameter="$VAPID_PARAMETER"
    else
        echo "note: no VAPID key ($VAPID_PARAMETER): reminders go by mail only; run 'deploy.sh $ENV_NAME secret' to add push" >&2
    fi
    local overrides=("${BASE_OVERRIDES[@]}"
        "MailFrom=$MAIL_FROM"
        "SesIdentity=$SES_IDENTITY"
        "SesConfigurationSet=${SES_CONFIGURATION_SET:-}"
        "SupportEmail=$SUPPORT_EMAIL"
        "AlarmEmail=$ALARM_EMAIL"
        "WebDomainName=${WEB_DOMAIN_NAME:-}"
        "WebCertificateArn=${WEB_CERTIFICATE_ARN:-}"
        "ApiOrigin=${API_ORIGIN:-}"
        "DetailedAlarms=${DETAILED_ALARMS:-false}"
        "GitHubClientId=${GITHUB_CLIENT_ID:-}"
        "GitHubClientSecretParameterName=${GITHUB_CLIENT_SECRET_PARAMETER:-}"
        "GoogleClientId=${GOOGLE_CLIENT_ID:-}"
        "GoogleClientSecretParameterName=${GOOGLE_CLIENT_SECRET_PARAMETER:-}"
        "VapidPublicKey=$vapid_public"
        "VapidPrivateKeyParameterName=$vapid_parameter")
    # One string of Key="value" pairs: values may hold spaces ("Breaktime <no-reply@example.com>").
    local joined="" kv
    for kv in "${overrides[@]}"; do
        joined+="${kv%%=*}=\"${kv#*=}\" "
    done

    step "sam build ($ENV_NAME): every function for arm64 with cargo-lambda"
    sam build --config-env "$ENV_NAME"

    step "sam deploy ($STACK in $AWS_REGION)"
    sam deploy --config-env "$ENV_NAME" --region "$AWS_REGION" --parameter-overrides "$joined"
}

deploy_web() {
    local api assistant bucket distribution url
    api="$(output ApiUrl)"
    assistant="$(output AssistantApiUrl)"
    bucket="$(output WebBucketName)"
    distribution="$(output DistributionId)"
    url="$(output WebUrl)"
    [ -n "$api" ] && [ -n "$bucket" ] || die "stack $STACK has no outputs yet: deploy it first"

    step "web app build against $api and $assistant"
    if [ ! -d web/node_modules ]; then npm --prefix web ci --no-audit --no-fund; fi
    VITE_API_URL="$api" VITE_ASSISTANT_API_URL="$assistant" npm --prefix web run build

    step "upload to s3://$bucket"
    # Content-hashed files: cached for a year, never deleted here, so a page still open keeps loading the chunks
    # it was built with.
    # The build's Brotli copies (*.br) are for the local server; CloudFront compresses the files itself.
    aws s3 sync web/dist/assets "s3://$bucket/assets" --exclude "*.br" --cache-control "public, max-age=31536000, immutable"
    # Everything else (index.html, the service worker, the manifest, icons): revalidated on every load.
    aws s3 sync web/dist "s3://$bucket" --exclude "assets/*" --exclude "*.br" --delete --cache-control "no-cache"
    if [ -f web/dist/manifest.webmanifest ]; then
        aws s3 cp web/dist/manifest.webmanifest "s3://$bucket/manifest.webmanifest" \
            --content-type "application/manifest+json" --cache-control "no-cache"
    fi

    step "CloudFront invalidation ($distribution)"
    aws cloudfront create-invalidation --distribution-id "$distribution" --paths "/*" \
        --query 'Invalidation.Id' --output text

    step "done: $url"
}

print_outputs() {
    aws cloudformation describe-stacks --stack-name "$STACK" --query 'Stacks[0].Outputs' --output table
}

check_account
case "$STEP" in
    secret)
        create_secret
        create_vapid_key
        ;;
    web) deploy_web ;;
    outputs) print_outputs ;;
    all)
        deploy_stack
        deploy_web
        ;;
esac
