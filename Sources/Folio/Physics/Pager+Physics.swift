extension Pager {
    /// Replaces the feel — flick threshold, snapping, settle curve, rubber
    /// band — from the next gesture or move on; a motion under way keeps
    /// the curve it started with.
    ///
    /// - Throws: ``ConfigurationError`` when `physics` breaks a rule; the pager is unchanged.
    public mutating func setPhysics(_ physics: Physics) throws(ConfigurationError) {
        try physics.validate()
        self.physics = physics
    }
}
