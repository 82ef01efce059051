# Paiju (牌局) in a container: docker compose up -d (see compose.yaml and the README).
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/paiju.sqlite3 \
    WEB_HOST=0.0.0.0

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY bot ./bot
COPY cogs ./cogs
COPY render ./render
COPY present ./present
COPY web ./web
# /rules quotes the rules pages; an editable install keeps them beside the cogs that read them
COPY docs/rules ./docs/rules
RUN pip install -e . \
    && useradd --system --uid 10001 --user-group --home-dir /app --shell /usr/sbin/nologin paiju \
    && mkdir /data \
    && chown paiju:paiju /data

# the read-only web pages, when WEB_PORT is set (compose.yaml sets 8080 and publishes it)
EXPOSE 8080

# the database (and its -wal/-shm) lives on a volume: it outlives the container
VOLUME ["/data"]
USER paiju

# healthy while the bot holds the claim on its database (python -m bot health)
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]

# SIGINT stops the bot cleanly: it snapshots every table, so the next start replays nothing
# (and as process 1 of the container, Python would ignore the default SIGTERM)
STOPSIGNAL SIGINT
CMD ["python", "-m", "bot", "run"]
