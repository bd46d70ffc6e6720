# syntax=docker/dockerfile:1
# The warden CLI as a container image: built with pnpm, deployed without dev dependencies,
# run as a non-root user with `warden` as the entrypoint.
#   docker build -t warden .            (or: podman build -t warden .)
#   docker run --rm -v "$PWD:/work" warden run "…"
# On machines where no container engine runs (this project's CI machines: the VM refuses the
# rlimits crun sets), scripts/image/build-image.sh assembles the same image with buildah from
# scratch, without a RUN step, and smoke-tests its filesystem under bubblewrap.

FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npx -y pnpm@12.4.2 install --frozen-lockfile \
 && npx -y pnpm@12.4.2 build --filter @warden/cli... \
 && npx -y pnpm@12.4.2 --filter @warden/cli deploy --prod --legacy /out/app

FROM node:20-bookworm-slim
ENV NODE_ENV=production WARDEN_LANG=en
RUN groupadd --gid 10001 warden && useradd --uid 10001 --gid warden --create-home --home-dir /home/warden warden \
 && mkdir /work && chown warden:warden /work
COPY --from=build --chown=root:root /out/app /app
USER 10001:10001
WORKDIR /work
ENTRYPOINT ["node", "/app/dist/bin.js"]
CMD ["--help"]
