"""Reading tables that judges bring (CSV, Excel) into rows of text for the domain."""
