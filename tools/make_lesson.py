#!/usr/bin/python3
"""Makes the shipped lesson from views the app itself saves: runs
assets/lessons/induction-in-ten-minutes.script through `attention-machine --script` (each
`save-view` writes one real view of the shipped runs), then puts the views in order with a
title and a teacher's note each.

Usage: tools/make_lesson.py BUILD_DIR   (needs a display: run it under xvfb-run)"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = os.path.join(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build"), "attention-machine")
SCRIPT = os.path.join(ROOT, "assets", "lessons", "induction-in-ten-minutes.script")
OUT = os.path.join(ROOT, "assets", "lessons", "induction-in-ten-minutes.json")

# (title, note) for each save-view of the script, in order.
ENTRIES = [
    ("One character at a time",
     "The machine reads the text from left to right and guesses the next character. The glass columns at the back "
     "are its guesses: the taller the column, the surer it is."),
    ("Queries and keys",
     "Each head compares the current character's query with every earlier character's key. A good match means "
     "\"look here\"."),
    ("Eight heads, eight jobs",
     "There are eight heads, four in each layer. Some look at the character just before, some look further back. "
     "Which one would you pull out first?"),
    ("Copying what came next last time",
     "This text is made-up letters, so no book could teach the answer. The model finds the earlier copy of the "
     "letters and guesses what followed them last time."),
    ("Early in training",
     "The same text, early in training. Ask the class what the model guesses now, and why it cannot copy yet."),
    ("A little later",
     "A few hundred steps later the copying has switched on. Turn the drum back and forth between the two views to "
     "see how quickly it happens."),
    ("Pull out one head",
     "One head from the second layer is pulled out of the rack. Watch the guess for the next letter: which part of "
     "the copying broke?"),
    ("A model that never saw repeats",
     "This run was trained on plain novels, with nothing repeated on purpose. Compare its guess with the first run's "
     "on the same letters."),
]


def main():
    with tempfile.TemporaryDirectory() as work:
        script = os.path.join(work, "lesson.txt")
        with open(SCRIPT) as f:
            text = f.read().replace("OUT/", work + "/")
        with open(script, "w") as f:
            f.write(text)
        subprocess.run([APP, "--script", script, "--size", "1920x1080", "--weights-dir", os.path.join(ROOT, "weights")],
                       check=True)
        views = sorted(n for n in os.listdir(work) if n.endswith(".json"))
        if len(views) != len(ENTRIES):
            raise SystemExit(f"the script saved {len(views)} views; ENTRIES has {len(ENTRIES)}")
        lesson = {"format": "attention-machine-lesson", "version": 1, "title": "Induction in ten minutes", "views": []}
        for name, (title, note) in zip(views, ENTRIES):
            with open(os.path.join(work, name)) as f:
                lesson["views"].append({"title": title, "note": note, "view": json.load(f)})
    with open(OUT, "w") as f:
        json.dump(lesson, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {OUT}: {len(lesson['views'])} views")


if __name__ == "__main__":
    main()
