"""The hand calculator: a tile picker and notation fields in, the rules layer's report out."""
