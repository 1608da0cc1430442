/// A control that keeps handlers registered with `on` and hands out tokens:
/// buttons, radio groups and sort bars. One protocol so a front end removes
/// a handler the same way whatever holds it.
public protocol HandlerRegistry: AnyObject {
    /// Removes the handler `token` names; false when it was not registered.
    @discardableResult
    func off(_ token: HandlerToken) -> Bool
}

extension Button: HandlerRegistry {}
extension RadioGroup: HandlerRegistry {}
extension SortBar: HandlerRegistry {}
