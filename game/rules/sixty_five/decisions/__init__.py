"""The rules of each '65 decision, looked up by ``dispatch.py``: the open windows
(``windows.py``), the impulse (``impulse.py``), the other phases (``phases.py``), the
card block a play uses (``blocks.py``) and the shape of a rule (``rule.py``)."""
