#!/usr/bin/python3
"""A stand-in for `gssdp-discover` (not shipped by Debian's gssdp-tools 1.6): the same GSSDP library through
PyGObject (packages python3-gi and gir1.2-gssdp-1.6). Prints one block per resource, like gssdp-discover:

    resource available
      USN:      uuid:...::urn:schemas-upnp-org:device:MediaServer:1
      Location: http://10.77.0.1:1338/rootDesc.xml

Usage: gssdp-discover.py -i IFACE -t TARGET -n SECONDS
"""
import argparse
import sys

import gi

gi.require_version("GSSDP", "1.6")
from gi.repository import GLib, GSSDP  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("-i", "--interface", required=True)
parser.add_argument("-t", "--target", default="ssdp:all")
parser.add_argument("-n", "--timeout", type=int, default=4)
args = parser.parse_args()

client = GSSDP.Client.new_full(args.interface, None, 0, GSSDP.UDAVersion.VERSION_1_0)
browser = GSSDP.ResourceBrowser.new(client, args.target)


def available(_browser, usn, locations):
    print("resource available")
    print(f"  USN:      {usn}")
    for location in locations:
        print(f"  Location: {location}")
    sys.stdout.flush()


browser.connect("resource-available", available)
browser.set_active(True)
loop = GLib.MainLoop()
GLib.timeout_add_seconds(args.timeout, loop.quit)
loop.run()
