#!/usr/bin/env python3
"""Writes json-events.ndjson: a corpus of made-up JSON events of varied sizes, one per line.

The events are invented here, from a fixed seed, so the file is the same every time the script runs:
page views (about 300 bytes), cart updates (0.5 to 3 KB), placed orders (1 to 9 KB) and batches of
log lines (2 to 16 KB), in the proportions a web shop's event stream might have. Field names repeat
from event to event and values come from small vocabularies, as in real telemetry, so the corpus
compresses as such traffic does (zstd kept about a fifth of it in Kafka's batches, with linger.ms=10).

Usage: workloads/payloads/make-json-events.py [--events N] [--out FILE]
"""

import argparse
import json
import os
import random

PAGES = ["/", "/search", "/category/shoes", "/category/jackets", "/product/{}", "/cart", "/checkout", "/account"]
REGIONS = ["eu-west-1", "eu-central-1", "us-east-1", "us-west-2", "ap-southeast-1"]
SERVICES = ["web-frontend", "checkout-api", "cart-service", "catalog-service", "payment-gateway"]
AGENTS = [
    "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/131.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
]
CURRENCIES = ["EUR", "USD", "GBP"]
LEVELS = ["DEBUG", "INFO", "INFO", "INFO", "WARN", "ERROR"]
MESSAGES = [
    "request completed",
    "cache miss for key {}",
    "retrying call to {} after timeout",
    "slow query on table orders took {} ms",
    "user {} signed in",
    "inventory reserved for sku {}",
    "payment authorised for order {}",
    "rate limit close for client {}",
]
WORDS = ["blue", "wool", "classic", "trail", "winter", "light", "cotton", "leather", "slim", "warm", "rain", "city"]


def ts(rnd):
    return "2026-11-{:02d}T{:02d}:{:02d}:{:02d}.{:03d}Z".format(
        rnd.randint(1, 28), rnd.randint(0, 23), rnd.randint(0, 59), rnd.randint(0, 59), rnd.randint(0, 999))


def hexid(rnd, n):
    return "".join(rnd.choice("0123456789abcdef") for _ in range(n))


def base(rnd, kind):
    return {
        "eventId": "{}-{}-{}-{}-{}".format(hexid(rnd, 8), hexid(rnd, 4), hexid(rnd, 4), hexid(rnd, 4), hexid(rnd, 12)),
        "eventType": kind,
        "schemaVersion": 2,
        "occurredAt": ts(rnd),
        "source": {"service": rnd.choice(SERVICES), "region": rnd.choice(REGIONS), "instance": "i-" + hexid(rnd, 10)},
    }


def item(rnd):
    sku = "SKU-{:06d}".format(rnd.randint(1, 50000))
    return {
        "sku": sku,
        "name": " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(2, 4))).title(),
        "quantity": rnd.randint(1, 4),
        "unitPrice": round(rnd.uniform(3, 250), 2),
        "discounts": [{"code": "PROMO" + str(rnd.randint(10, 99)), "amount": round(rnd.uniform(1, 20), 2)}]
        if rnd.random() < 0.3 else [],
    }


def page_view(rnd):
    e = base(rnd, "page.view")
    e["session"] = hexid(rnd, 16)
    e["page"] = rnd.choice(PAGES).format(rnd.randint(1, 50000))
    e["referrer"] = rnd.choice(["", "https://www.example.com/", "https://search.example.org/?q=" + rnd.choice(WORDS)])
    e["userAgent"] = rnd.choice(AGENTS)
    return e


def cart_updated(rnd):
    e = base(rnd, "cart.updated")
    e["customerId"] = "C-{:07d}".format(rnd.randint(1, 2000000))
    e["items"] = [item(rnd) for _ in range(rnd.randint(1, 10))]
    e["currency"] = rnd.choice(CURRENCIES)
    return e


def order_placed(rnd):
    e = base(rnd, "order.placed")
    items = [item(rnd) for _ in range(rnd.randint(3, 30))]
    subtotal = round(sum(i["quantity"] * i["unitPrice"] for i in items), 2)
    e["customer"] = {"id": "C-{:07d}".format(rnd.randint(1, 2000000)), "segment": rnd.choice(["retail", "business"]),
                     "country": rnd.choice(["DE", "FR", "GB", "US", "NL", "SG"])}
    e["order"] = {"id": "O-" + hexid(rnd, 12), "currency": rnd.choice(CURRENCIES), "items": items, "subtotal": subtotal,
                  "tax": round(subtotal * 0.19, 2), "shipping": rnd.choice([0, 4.99, 9.99])}
    e["payment"] = {"method": rnd.choice(["card", "paypal", "invoice"]), "status": "authorised", "reference": hexid(rnd, 24)}
    return e


def log_batch(rnd):
    e = base(rnd, "log.batch")
    lines = []
    for _ in range(rnd.randint(12, 110)):
        lines.append({"at": ts(rnd), "level": rnd.choice(LEVELS), "logger": "io.shop." + rnd.choice(SERVICES).replace("-", "."),
                      "message": rnd.choice(MESSAGES).format(rnd.randint(1, 99999)), "traceId": hexid(rnd, 32)})
    e["lines"] = lines
    return e


KINDS = [(page_view, 50), (cart_updated, 25), (order_placed, 15), (log_batch, 10)]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description="Writes a corpus of made-up JSON events, one per line.")
    p.add_argument("--events", type=int, default=400, help="how many events (default 400)")
    p.add_argument("--out", default=os.path.join(here, "json-events.ndjson"), help="the file to write")
    args = p.parse_args()
    rnd = random.Random(20261127)
    makers = [k for k, weight in KINDS for _ in range(weight)]
    with open(args.out, "w", encoding="utf-8", newline="\n") as out:
        for _ in range(args.events):
            out.write(json.dumps(rnd.choice(makers)(rnd), separators=(",", ":")) + "\n")
    sizes = sorted(len(line.encode("utf-8")) - 1 for line in open(args.out, encoding="utf-8"))
    print("wrote {} events to {}: {} to {} bytes, median {}, mean {:.0f}".format(
        len(sizes), args.out, sizes[0], sizes[-1], sizes[len(sizes) // 2], sum(sizes) / len(sizes)))


if __name__ == "__main__":
    main()
