"""'65 helicopters (17): modes, flying, landing, fire by mode, sight from the air and setting
passengers down."""
