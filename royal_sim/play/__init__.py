"""Play, card by card: positions in the middle of a trick (``position``), every card's
double-dummy value in tarokk terms (``values``), played games as records (``record``) and
their review (``review``)."""
