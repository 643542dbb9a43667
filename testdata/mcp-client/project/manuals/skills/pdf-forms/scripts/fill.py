#!/usr/bin/env python3
"""Fill a PDF form from a JSON file of field values."""
import json
import sys

print(json.load(open(sys.argv[1])))
