"""Table-side entry: a small web server on the event's own machine, so the tables enter
and sign their own sheets from phones or tablets on the venue's network."""
